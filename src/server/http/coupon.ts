import { couponCalls as c } from '../../contract/coupon.js';
import type { AuthedContext } from '../context.js';
import { dateRange } from '../domain/common/dateRange.js';
import { expireCoupons, issueCoupons, redeemCoupon, type IssueAsk } from '../domain/money/coupons.js';
import { couponBox, issuedCoupons } from '../domain/reports/couponLists.js';
import { couponsArrived } from '../domain/money/couponNews.js';
import { pushCash } from '../domain/money/cashEvents.js';
import { actorOf, settle } from './moneyCommon.js';
import { defineRoute } from '../handler.js';

/** Expired coupons go back to their issuers before any coupon list is read. */
const upkeep = async (ctx: AuthedContext) => pushCash(ctx.live, await expireCoupons(ctx.db, ctx.site.id, ctx.clock.now()));

type IssueReq = { target: IssueAsk['target']; memId?: string | null; couponAmt?: number; couponCnt: number; expireDate: string; memo?: string | null; requestId?: string };
const ask = (req: IssueReq): IssueAsk => ({ target: req.target, memId: req.memId, amount: req.couponAmt, count: req.couponCnt, expireDate: req.expireDate, memo: req.memo });

async function issue(ctx: AuthedContext, call: typeof c.adminIssue, req: IssueReq, partnerId: number | null) {
  const moved = await issueCoupons(ctx.db, actorOf(ctx, call, req), partnerId, ask(req));
  const out = await settle(ctx, moved);
  if (!moved.replayed) void couponsArrived(ctx, ctx.site.id, ctx.caller.id, out.issueIdx, req.couponAmt ?? 0, req.couponCnt).catch(() => {});
  return out;
}

type ListReq = { status?: 'open' | 'used' | 'expired'; memId?: string | null; startDate?: string; endDate?: string; page: number; count_per_list: number };
async function list(ctx: AuthedContext, req: ListReq, issuedBy: number | null) {
  await upkeep(ctx);
  const range = req.startDate || req.endDate ? dateRange(ctx.clock.now(), req.startDate, req.endDate, 30) : undefined;
  return issuedCoupons(ctx.db, ctx.site.id, issuedBy, { status: req.status, memId: req.memId, range, page: req.page, perPage: req.count_per_list });
}

/** Coupons: the member's box and redeem, the operator's and partners' issue and lists. */
export const couponRoutes = [
  defineRoute(c.box, async (req, ctx) => {
    await upkeep(ctx);
    return couponBox(ctx.db, ctx.caller.id, req.status, req.page);
  }),

  defineRoute(c.use, async (req, ctx) => {
    const actor = actorOf(ctx, c.use, req);
    const { moved, returned } = await redeemCoupon(ctx.db, actor, req.couponIdx);
    await pushCash(ctx.live, returned);
    return await settle(ctx, moved);
  }),

  defineRoute(c.adminIssue, (req, ctx) => issue(ctx, c.adminIssue, req, null)),
  defineRoute(c.adminList, (req, ctx) => list(ctx, req, null)),
  defineRoute(c.partnerIssue, (req, ctx) => issue(ctx, c.partnerIssue, req, ctx.caller.id)),
  defineRoute(c.partnerList, (req, ctx) => list(ctx, req, ctx.caller.id)),
];
