import { createFileRoute } from '@tanstack/react-router';
import { DateAgent } from '../../../features/reports/AgentStats';

export const Route = createFileRoute('/$prefix/_partner/statisticDateAgent')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/report/statisticsQueries');
    await context.queryClient.ensureQueryData(q.statsQueryOptions(context.api, params.prefix, context.caller.memId, 'dateAgent', q.defaultStatsFilter())).catch(() => undefined);
  },
  component: DateAgent,
});
