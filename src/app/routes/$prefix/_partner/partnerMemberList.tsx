import { createFileRoute } from '@tanstack/react-router';
import { lastDays, wireRange } from '../../../lib/dayRange';
import { session } from '../../../lib/session/store';
import { memListQueryOptions } from '../../../features/partnerLists/queries';
import { MemberMoneyList } from '../../../features/partnerLists/MemberMoneyList';

export const Route = createFileRoute('/$prefix/_partner/partnerMemberList')({
  loader: ({ context, params }) =>
    context.queryClient
      .ensureQueryData(memListQueryOptions(params.prefix, session.member?.memId ?? '', {
        ...wireRange(lastDays(0)), oldYn: 'N', page: 1, count_per_list: 40, orderColumn: 'joinDate', orderType: 'DESC',
      }))
      .catch(() => undefined),
  component: MemberMoneyList,
});
