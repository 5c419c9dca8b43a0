import { createFileRoute } from '@tanstack/react-router';
import { AdminCoupons } from '../../../../features/coupons/AdminCoupons';

export const Route = createFileRoute('/$prefix/admin/_operator/coupons')({
  loader: async ({ context, params }) => {
    const q = await import('../../../../entities/coupon/queries');
    await context.queryClient.ensureQueryData(q.issuedQueryOptions(context.api, params.prefix, context.caller.memId, 'operator', q.defaultIssuedFilter())).catch(() => undefined);
  },
  component: AdminCoupons,
});
