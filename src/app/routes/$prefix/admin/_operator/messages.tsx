import { createFileRoute } from '@tanstack/react-router';
import { sentMessagesQueryOptions } from '../../../../features/adminBoard/queries';
import { AdminMessages } from '../../../../features/adminBoard/AdminMessages';

export const Route = createFileRoute('/$prefix/admin/_operator/messages')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(sentMessagesQueryOptions(params.prefix, 1)).catch(() => undefined),
  component: AdminMessages,
});
