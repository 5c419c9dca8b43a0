import { createFileRoute } from '@tanstack/react-router';
import { BetStatus } from '../../../features/reports/BetStatus';

export const Route = createFileRoute('/$prefix/_partner/bettingcasino')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/report/statisticsQueries');
    await context.queryClient.ensureQueryData(q.betStatisticsQueryOptions(context.api, params.prefix, context.caller.memId, 'casino', null, q.today())).catch(() => undefined);
  },
  component: function BettingCasinoPage() {
    return <BetStatus statType="casino" />;
  },
});
