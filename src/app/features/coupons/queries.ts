import { queryOptions } from '@tanstack/react-query';
import { couponCalls, type CouponStatus } from '../../../contract/coupon';
import { api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

/** The caller's coupon box, one status a page (the COUPON live event refreshes every page). */
export const couponBoxQueryOptions = (prefix: string, memId: string, status: CouponStatus, page = 1) =>
  queryOptions({
    queryKey: userKey(prefix, memId, 'coupons', status, page),
    queryFn: () => api(couponCalls.box, { status, page }),
  });
