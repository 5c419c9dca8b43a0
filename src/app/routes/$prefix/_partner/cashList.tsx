import { createFileRoute } from '@tanstack/react-router';
import { CashList } from '../../../features/cash/CashList';

export const Route = createFileRoute('/$prefix/_partner/cashList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/cash/transferQueries');
    await context.queryClient.ensureQueryData(q.bottomCashQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultCashListFilter())).catch(() => undefined);
  },
  component: CashList,
});
