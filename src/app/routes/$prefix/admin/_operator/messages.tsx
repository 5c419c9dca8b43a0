import { createFileRoute } from '@tanstack/react-router';
import { AdminMessages } from '../../../../features/board/AdminMessages';

export const Route = createFileRoute('/$prefix/admin/_operator/messages')({
  loader: async ({ context, params }) => {
    const q = await import('../../../../entities/board/adminQueries');
    await context.queryClient.ensureQueryData(q.sentMessagesQueryOptions(context.api, params.prefix, 1)).catch(() => undefined);
  },
  component: AdminMessages,
});
