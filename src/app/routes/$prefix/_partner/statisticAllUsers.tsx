import { createFileRoute } from '@tanstack/react-router';
import { AllUsers } from '../../../features/statistics/UserStats';

export const Route = createFileRoute('/$prefix/_partner/statisticAllUsers')({
  loader: async ({ context, params }) => {
    const q = await import('../../../features/statistics/queries');
    await context.queryClient.ensureQueryData(q.statsQueryOptions(context.api, params.prefix, context.caller.memId, 'allUsers', q.defaultStatsFilter())).catch(() => undefined);
  },
  component: AllUsers,
});
