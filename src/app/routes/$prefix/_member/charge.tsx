import { createFileRoute } from '@tanstack/react-router';
import { Charge } from '../../../features/cash/Charge';

export const Route = createFileRoute('/$prefix/_member/charge')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/cash/queries');
    await context.queryClient.ensureQueryData(q.cashRequestsQueryOptions(context.api, params.prefix, context.caller.memId, 1)).catch(() => undefined);
  },
  component: Charge,
});
