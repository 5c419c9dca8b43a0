import { createFileRoute } from '@tanstack/react-router';
import { Exchange } from '../../../features/cash/Exchange';

export const Route = createFileRoute('/$prefix/_member/exchange')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/cash/queries');
    await context.queryClient.ensureQueryData(q.cashRequestsQueryOptions(context.api, params.prefix, context.caller.memId, -1)).catch(() => undefined);
  },
  component: Exchange,
});
