import { createFileRoute } from '@tanstack/react-router';
import { MemberMoneyList } from '../../../features/partner/MemberMoneyList';

export const Route = createFileRoute('/$prefix/_partner/partnerMemberList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/partner/listQueries');
    await context.queryClient.ensureQueryData(q.memListQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultMemListReq())).catch(() => undefined);
  },
  component: MemberMoneyList,
});
