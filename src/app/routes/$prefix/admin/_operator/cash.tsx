import { createFileRoute } from '@tanstack/react-router';
import { CashQueue } from '../../../../features/cash/CashQueue';

export const Route = createFileRoute('/$prefix/admin/_operator/cash')({
  // the home's tiles open the queue on one status (0 applied, 2 waiting)
  validateSearch: (s: Record<string, unknown>): { status?: 0 | 2 } => (s.status === 0 || s.status === 2 ? { status: s.status } : {}),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const q = await import('../../../../entities/cash/queueQueries');
    await context.queryClient.ensureQueryData(q.cashQueueQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultQueueFilter(deps.status))).catch(() => undefined);
  },
  component: CashQueue,
});
