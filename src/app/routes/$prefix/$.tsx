import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentKind, dashboardOf } from '../../lib/guard';

// Unknown paths under a site go to that user's dashboard (which asks a guest to log in).
export const Route = createFileRoute('/$prefix/$')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: dashboardOf(currentKind()), params: { prefix: params.prefix } });
  },
});
