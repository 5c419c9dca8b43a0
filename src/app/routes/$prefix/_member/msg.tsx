import { createFileRoute } from '@tanstack/react-router';
import { validateListSearch } from '../../../lib/listSearch';
import { Inbox } from '../../../features/board/Inbox';

export const Route = createFileRoute('/$prefix/_member/msg')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const q = await import('../../../entities/board/messageQueries');
    await context.queryClient.ensureQueryData(q.msgListQueryOptions(context.api, params.prefix, context.caller.memId, deps)).catch(() => undefined);
  },
  component: Inbox,
});
