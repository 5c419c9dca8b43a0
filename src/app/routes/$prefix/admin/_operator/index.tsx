import { createFileRoute } from '@tanstack/react-router';
import { AdminHome } from '../../../../features/home/AdminHome';

export const Route = createFileRoute('/$prefix/admin/_operator/')({
  loader: async ({ context, params }) => {
    const q = await import('../../../../entities/cash/adminQueries');
    await context.queryClient.ensureQueryData(q.dashboardQueryOptions(context.api, params.prefix, context.caller.memId)).catch(() => undefined);
  },
  component: AdminHome,
});
