import { createFileRoute } from '@tanstack/react-router';
import { MoneyMove } from '../../../features/cash/MoneyMove';

export const Route = createFileRoute('/$prefix/_partner/partnerMoneyMoveList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/cash/transferQueries');
    await context.queryClient.ensureQueryData(q.sendListQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultSendFilter())).catch(() => undefined);
  },
  component: MoneyMove,
});
