import { createFileRoute } from '@tanstack/react-router';
import { requireGuest } from '../../lib/guard';
import { PlayerLogin } from '../../features/auth/PlayerLogin';

export const Route = createFileRoute('/$prefix/')({
  beforeLoad: ({ params }) => requireGuest(params.prefix),
  component: PlayerLogin,
});
