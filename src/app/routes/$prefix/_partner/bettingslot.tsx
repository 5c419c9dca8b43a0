import { createFileRoute } from '@tanstack/react-router';
import { BetStatus } from '../../../features/reports/BetStatus';

export const Route = createFileRoute('/$prefix/_partner/bettingslot')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/report/statisticsQueries');
    await context.queryClient.ensureQueryData(q.betStatisticsQueryOptions(context.api, params.prefix, context.caller.memId, 'slot', null, q.today())).catch(() => undefined);
  },
  component: function BettingSlotPage() {
    return <BetStatus statType="slot" />;
  },
});
