import { createFileRoute } from '@tanstack/react-router';
import { DateUsers } from '../../../features/reports/UserStats';

export const Route = createFileRoute('/$prefix/_partner/statisticDateUsers')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/report/statisticsQueries');
    await context.queryClient.ensureQueryData(q.statsQueryOptions(context.api, params.prefix, context.caller.memId, 'dateUsers', q.defaultStatsFilter())).catch(() => undefined);
  },
  component: DateUsers,
});
