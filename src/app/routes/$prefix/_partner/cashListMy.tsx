import { createFileRoute } from '@tanstack/react-router';
import { CashListMy } from '../../../features/cash/CashListMy';

export const Route = createFileRoute('/$prefix/_partner/cashListMy')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/cash/transferQueries');
    await context.queryClient.ensureQueryData(q.transLogQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultTransFilter())).catch(() => undefined);
  },
  component: CashListMy,
});
