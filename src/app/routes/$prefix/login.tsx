import { createFileRoute } from '@tanstack/react-router';
import { requireGuest } from '../../lib/guard';
import { PartnerLogin } from '../../features/auth/PartnerLogin';

export const Route = createFileRoute('/$prefix/login')({
  beforeLoad: ({ params }) => requireGuest(params.prefix),
  component: PartnerLogin,
});
