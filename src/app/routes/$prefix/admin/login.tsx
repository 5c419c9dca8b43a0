import { createFileRoute } from '@tanstack/react-router';
import { requireGuest } from '../../../lib/guard';
import { AdminLogin } from '../../../features/auth/AdminLogin';

export const Route = createFileRoute('/$prefix/admin/login')({
  // `id`: the account an invitation just made, filled in for its first sign-in
  validateSearch: (s: Record<string, unknown>): { id?: string } => (typeof s.id === 'string' && s.id.length <= 40 ? { id: s.id } : {}),
  beforeLoad: ({ params }) => requireGuest(params.prefix),
  component: AdminLogin,
});
