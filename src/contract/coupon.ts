import { z } from 'zod';
import { call, listOf, page, signedAmount, wireDate } from './define.js';
import { optDate, requestId } from './cash.js';

/** A coupon's state: open until used or past its expiry (then its reserve went back to the issuer). */
export const couponStatuses = ['open', 'used', 'expired'] as const;
export type CouponStatus = (typeof couponStatuses)[number];
/** Who receives an issue: one member, the whole downline of one, or everyone (a partner: its own downline). */
export const couponTargets = ['member', 'subtree', 'all'] as const;

/** A coupon as its owner sees it in the coupon box. */
export const couponRow = z.object({
  couponIdx: z.number(),
  couponAmt: z.number(),
  status: z.enum(couponStatuses),
  regDate: wireDate,
  expireDate: wireDate,
  /** when it was used or expired */
  closeDate: wireDate.nullable(),
  memo: z.string(),
});

/** A coupon as its issuer sees it, with its owner. */
export const issuedCouponRow = couponRow.extend({ memId: z.string(), memNick: z.string(), issuerId: z.string() });

const issueReq = z.object({
  target: z.enum(couponTargets),
  /** the member, or the partner whose downline receives; unused for 'all' */
  memId: z.string().max(40).optional().nullable(),
  /** per coupon; zero or negative is answered CP001 */
  couponAmt: signedAmount,
  /** coupons per receiver, 1 to 100 */
  couponCnt: z.coerce.number().int().default(1),
  expireDate: wireDate,
  memo: z.string().max(200).optional().nullable(),
  requestId: requestId.optional(),
});
export const issueAnswer = z.object({ issueIdx: z.number(), couponCnt: z.number(), memberCnt: z.number(), totalAmt: z.number(), regDate: wireDate });

const issuedReq = z.object({
  status: z
    .enum(couponStatuses)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  memId: z.string().max(40).optional().nullable(),
  startDate: optDate,
  endDate: optDate,
  page,
  count_per_list: z.coerce.number().int().min(1).max(200).default(20),
});
/** The issued list with its counts and amounts per status over the whole filter (not only the page). */
export const issuedAnswer = listOf(issuedCouponRow).extend({
  sums: z.object({ open: z.number(), used: z.number(), expired: z.number(), openAmt: z.number(), usedAmt: z.number(), expiredAmt: z.number() }),
});

export const couponCalls = {
  /** The caller's coupon box: one status's coupons, newest first, with the open count. */
  box: call('/api/coupon/list', z.object({ status: z.enum(couponStatuses).default('open'), page }), listOf(couponRow).extend({ openCnt: z.number() }), 'member'),
  /** Redeems one of the caller's open coupons: its amount is added to the caller's cash, once. */
  use: call(
    '/api/coupon/use',
    z.object({ couponIdx: z.coerce.number().int().positive(), requestId: requestId.optional() }),
    z.object({ couponIdx: z.number(), couponAmt: z.number(), cashAmt: z.number(), pointAmt: z.number(), useDate: wireDate }),
    'member',
  ),
  /** The operator issues coupons from the house. */
  adminIssue: call('/api/admin/coupon/issue', issueReq, issueAnswer, 'admin'),
  /** Every coupon of the site, filtered. */
  adminList: call('/api/admin/coupon/list', issuedReq, issuedAnswer, 'admin'),
  /** A partner issues coupons to its own downline from its own cash (reserved at issue). */
  partnerIssue: call('/api/retail/coupon/issue', issueReq, issueAnswer, 'partner'),
  /** The coupons a partner issued. */
  partnerList: call('/api/retail/coupon/list', issuedReq, issuedAnswer, 'partner'),
};
