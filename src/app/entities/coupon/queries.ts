import { queryOptions } from '@tanstack/react-query';
import { couponCalls, type CouponStatus } from '../../../contract/coupon';
import type { Api } from '../../lib/api';
import { lastDays, wireRange, type DayRange } from '../../lib/dayRange';
import { userKey } from '../../lib/queryClient';

/** The caller's coupon box, one status a page (the COUPON live event refreshes every page). */
export const couponBoxQueryOptions = (api: Api, prefix: string, memId: string, status: CouponStatus, page = 1) =>
  queryOptions({
    queryKey: userKey(prefix, memId, 'coupons', status, page),
    queryFn: () => api(couponCalls.box, { status, page }),
  });

/** The issued list's filters: one status or all, one member, a span of days (by issue time). */
export interface IssuedFilter {
  status: CouponStatus | '';
  memId: string;
  range: DayRange;
  page: number;
}
export const defaultIssuedFilter = (): IssuedFilter => ({ status: '', memId: '', range: lastDays(7), page: 1 });

/** The coupons the operator (every coupon of the site) or a partner (its own issues) issued. */
export const issuedQueryOptions = (api: Api, prefix: string, me: string, by: 'operator' | 'partner', f: IssuedFilter) =>
  queryOptions({
    queryKey: userKey(prefix, me, 'coupons', 'issued', by, f),
    queryFn: () =>
      api(by === 'operator' ? couponCalls.adminList : couponCalls.partnerList, {
        status: f.status || undefined,
        memId: f.memId || undefined,
        ...wireRange(f.range),
        page: f.page,
        count_per_list: 20,
      }),
  });
