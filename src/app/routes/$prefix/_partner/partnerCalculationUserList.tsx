import { createFileRoute } from '@tanstack/react-router';
import { UserSettlement } from '../../../features/reports/UserSettlement';

export const Route = createFileRoute('/$prefix/_partner/partnerCalculationUserList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/report/settlementQueries');
    await context.queryClient.ensureQueryData(q.userCalcQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultUserCalcFilter())).catch(() => undefined);
  },
  component: UserSettlement,
});
