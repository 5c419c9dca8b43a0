import { createFileRoute } from '@tanstack/react-router';
import { CouponBox } from '../../../features/coupons/CouponBox';

export const Route = createFileRoute('/$prefix/_member/coupon')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/coupon/queries');
    await context.queryClient.ensureQueryData(q.couponBoxQueryOptions(context.api, params.prefix, context.caller.memId, 'open')).catch(() => undefined);
  },
  component: CouponBox,
});
