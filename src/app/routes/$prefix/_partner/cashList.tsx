import { createFileRoute } from '@tanstack/react-router';
import { CashList } from '../../../features/retailCash/CashList';

export const Route = createFileRoute('/$prefix/_partner/cashList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../features/retailCash/queries');
    await context.queryClient.ensureQueryData(q.bottomCashQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultCashListFilter())).catch(() => undefined);
  },
  component: CashList,
});
