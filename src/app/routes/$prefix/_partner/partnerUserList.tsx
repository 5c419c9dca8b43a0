import { createFileRoute } from '@tanstack/react-router';
import { UserList } from '../../../features/partner/UserList';

export const Route = createFileRoute('/$prefix/_partner/partnerUserList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/partner/listQueries');
    await context.queryClient.ensureQueryData(q.lowerUserListQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultLowerUserReq())).catch(() => undefined);
  },
  component: UserList,
});
