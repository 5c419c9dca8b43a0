import { createFileRoute } from '@tanstack/react-router';
import { DailyBetting } from '../../../features/reports/DailyBetting';

export const Route = createFileRoute('/$prefix/_partner/statDateBet')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/report/statisticsQueries');
    await context.queryClient.ensureQueryData(q.dailyBettingQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultDailyRange())).catch(() => undefined);
  },
  component: DailyBetting,
});
