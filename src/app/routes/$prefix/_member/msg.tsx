import { createFileRoute } from '@tanstack/react-router';
import { validateListSearch } from '../../../lib/listSearch';
import { session } from '../../../lib/session/store';
import { msgListQueryOptions } from '../../../features/messages/queries';
import { Inbox } from '../../../features/messages/Inbox';

export const Route = createFileRoute('/$prefix/_member/msg')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(msgListQueryOptions(params.prefix, session.member?.memId ?? '', deps)).catch(() => undefined),
  component: Inbox,
});
