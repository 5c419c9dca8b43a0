import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../../lib/session/store';
import { CashQueue } from '../../../../features/adminCash/CashQueue';

export const Route = createFileRoute('/$prefix/admin/_operator/cash')({
  loader: async ({ context, params }) => {
    const q = await import('../../../../features/adminCash/queries');
    await context.queryClient.ensureQueryData(q.cashQueueQueryOptions(params.prefix, session.member?.memId ?? '', q.defaultQueueFilter())).catch(() => undefined);
  },
  component: CashQueue,
});
