import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { UserList } from '../../../features/partnerLists/UserList';

export const Route = createFileRoute('/$prefix/_partner/partnerUserList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../features/partnerLists/queries');
    await context.queryClient.ensureQueryData(q.lowerUserListQueryOptions(params.prefix, session.member?.memId ?? '', q.defaultLowerUserReq())).catch(() => undefined);
  },
  component: UserList,
});
