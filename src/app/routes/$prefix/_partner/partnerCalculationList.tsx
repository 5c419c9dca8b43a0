import { createFileRoute } from '@tanstack/react-router';
import { Settlement } from '../../../features/reports/Settlement';

export const Route = createFileRoute('/$prefix/_partner/partnerCalculationList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/report/settlementQueries');
    await context.queryClient.ensureQueryData(q.calcQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultCalcFilter())).catch(() => undefined);
  },
  component: Settlement,
});
