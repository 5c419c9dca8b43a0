import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../../lib/session/store';
import { cashQueueQueryOptions } from '../../../../features/adminCash/queries';
import { CashQueue, defaultQueueFilter } from '../../../../features/adminCash/CashQueue';

export const Route = createFileRoute('/$prefix/admin/_operator/cash')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(cashQueueQueryOptions(params.prefix, session.member?.memId ?? '', defaultQueueFilter())).catch(() => undefined),
  component: CashQueue,
});
