import { createFileRoute } from '@tanstack/react-router';
import { lastDays, wireRange } from '../../../lib/dayRange';
import { session } from '../../../lib/session/store';
import { lowerUserListQueryOptions } from '../../../features/partnerLists/queries';
import { UserList } from '../../../features/partnerLists/UserList';

export const Route = createFileRoute('/$prefix/_partner/partnerUserList')({
  loader: ({ context, params }) =>
    context.queryClient
      .ensureQueryData(lowerUserListQueryOptions(params.prefix, session.member?.memId ?? '', {
        ...wireRange(lastDays(0)), orderStr: 'JOIN_DESC', page: 1, count_per_list: 40, treeOption: 'Y',
      }))
      .catch(() => undefined),
  component: UserList,
});
