import { createFileRoute } from '@tanstack/react-router';
import { requireShell } from '../../../../lib/guard';
import { AdminShell } from '../../../../features/home/AdminShell';

export const Route = createFileRoute('/$prefix/admin/_operator')({
  beforeLoad: ({ params, preload }) => requireShell(params.prefix, 'admin', preload),
  component: AdminShell,
});
