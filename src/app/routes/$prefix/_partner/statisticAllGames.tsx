import { createFileRoute } from '@tanstack/react-router';
import { AllGames } from '../../../features/reports/GameStats';

export const Route = createFileRoute('/$prefix/_partner/statisticAllGames')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/report/statisticsQueries');
    await context.queryClient.ensureQueryData(q.statsQueryOptions(context.api, params.prefix, context.caller.memId, 'allGames', q.defaultStatsFilter())).catch(() => undefined);
  },
  component: AllGames,
});
