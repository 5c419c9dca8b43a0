import { createFileRoute } from '@tanstack/react-router';
import { PartnerCoupons } from '../../../features/coupons/PartnerCoupons';

export const Route = createFileRoute('/$prefix/_partner/couponList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/coupon/queries');
    await context.queryClient.ensureQueryData(q.issuedQueryOptions(context.api, params.prefix, context.caller.memId, 'partner', q.defaultIssuedFilter())).catch(() => undefined);
  },
  component: PartnerCoupons,
});
