import { createFileRoute } from '@tanstack/react-router';
import { requireGuest } from '../../../lib/guard';
import { AdminLogin } from '../../../features/auth/AdminLogin';

export const Route = createFileRoute('/$prefix/admin/login')({
  beforeLoad: ({ params }) => requireGuest(params.prefix),
  component: AdminLogin,
});
