import { couponCalls } from '../../../contract/coupon';
import type { ResOf } from '../../../contract/define';
import { useApi } from '../../lib/useApi';
import { useWrite, type ScreenPart } from '../../lib/write/useWrite';

/** The member uses one coupon: the amount joins its cash at once (the screen applies the answer's balances). */
export function useRedeemCoupon(screen: ScreenPart<number, ResOf<typeof couponCalls.use>>) {
  const api = useApi();
  return useWrite({
    money: true,
    sig: (idx: number) => `coupon:${idx}`,
    run: (idx: number, requestId) => api(couponCalls.use, { couponIdx: idx, requestId }),
    ...screen,
  });
}

export type IssueVars = { target: 'member' | 'subtree' | 'all'; memId: string; amount: number; count: number; expireDay: string; memo: string };
export type IssueField = 'amount' | 'count' | 'expire' | 'memId';

/** The operator or a partner issues coupons to one member, a subtree or everyone; the issuer's new balance arrives as a live CASH event. */
export function useIssueCoupon(by: 'operator' | 'partner', screen: ScreenPart<IssueVars, ResOf<typeof couponCalls.adminIssue>, IssueField>) {
  const api = useApi();
  return useWrite<IssueVars, ResOf<typeof couponCalls.adminIssue>, IssueField>({
    money: true,
    fields: { CP001: 'amount', C202: 'amount', CP002: 'count', CP003: 'expire', U001: 'memId', A002: 'memId', CP007: 'memId' },
    sig: (v) => `coupon:${by}:${v.target}:${v.memId}:${v.amount}:${v.count}:${v.expireDay}:${v.memo}`,
    run: (v, requestId) =>
      api(by === 'operator' ? couponCalls.adminIssue : couponCalls.partnerIssue, {
        target: v.target,
        memId: v.target === 'all' ? null : v.memId,
        couponAmt: v.amount,
        couponCnt: v.count,
        expireDate: `${v.expireDay} 23:59:59`,
        memo: v.memo || null,
        requestId,
      }),
    ...screen,
  });
}
