import { createFileRoute, useSearch } from '@tanstack/react-router';
import { validateDetailSearch } from '../../../features/member/detailTabs';
import { CouponIssueSheet } from '../../../features/coupons/CouponIssueSheet';
import { MemberDetail } from '../../../features/member/MemberDetail';

export const Route = createFileRoute('/$prefix/_partner/partnerDetail')({
  validateSearch: validateDetailSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, params, deps }) => {
    const q = await import('../../../entities/member/queries');
    await context.queryClient.ensureQueryData(q.detailInfoQueryOptions(context.api, params.prefix, context.caller.memId, deps.id)).catch(() => undefined);
  },
  component: function PartnerDetail() {
    const { id, tab } = useSearch({ from: '/$prefix/_partner/partnerDetail' });
    return <MemberDetail kind="partner" id={id} tab={tab} CouponSheet={CouponIssueSheet} />;
  },
});
