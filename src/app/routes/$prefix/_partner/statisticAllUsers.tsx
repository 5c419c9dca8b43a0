import { createFileRoute } from '@tanstack/react-router';
import { AllUsers } from '../../../features/reports/UserStats';

export const Route = createFileRoute('/$prefix/_partner/statisticAllUsers')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/report/statisticsQueries');
    await context.queryClient.ensureQueryData(q.statsQueryOptions(context.api, params.prefix, context.caller.memId, 'allUsers', q.defaultStatsFilter())).catch(() => undefined);
  },
  component: AllUsers,
});
