import { createFileRoute } from '@tanstack/react-router';
import { DateGames } from '../../../features/reports/GameStats';

export const Route = createFileRoute('/$prefix/_partner/statisticDateGames')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/report/statisticsQueries');
    await context.queryClient.ensureQueryData(q.statsQueryOptions(context.api, params.prefix, context.caller.memId, 'dateGames', q.defaultStatsFilter())).catch(() => undefined);
  },
  component: DateGames,
});
