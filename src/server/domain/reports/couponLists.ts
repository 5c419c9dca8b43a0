/** The coupon lists: a member's coupon box, and the coupons a site or a partner issued. */
import type { z } from 'zod';
import type { CouponStatus, issuedAnswer } from '../../../contract/coupon.js';
import type { Db } from '../../db/driver.js';
import type { Range } from '../common/dateRange.js';
import { pageInfoOf, pageWindow } from '../common/paging.js';
import { toWire } from '../common/time.js';

const wire = (d: Date | null) => (d ? toWire(d) : null);

/** A coupon as both lists send it. */
const couponOf = (r: { id: number; amount: number | string; status: CouponStatus; created_at: Date; expires_at: Date; closed_at: Date | null; memo: string | null }) => ({
  couponIdx: r.id,
  couponAmt: Number(r.amount),
  status: r.status,
  regDate: toWire(r.created_at),
  expireDate: toWire(r.expires_at),
  closeDate: wire(r.closed_at),
  memo: r.memo ?? '',
});

/** The member's coupon box: one status, newest first, with its open count. */
export async function couponBox(db: Db, memberId: number, status: CouponStatus, page: number) {
  const { limit, offset } = pageWindow(page);
  const base = db.selectFrom('coupon').where('member_id', '=', memberId);
  const [rows, counts] = await Promise.all([
    base.selectAll().where('status', '=', status).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
  ]);
  const count = (s: CouponStatus) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  return {
    list: rows.map(couponOf),
    pageInfo: pageInfoOf(page, count(status)),
    openCnt: count('open'),
  };
}

type IssuedList = z.infer<typeof issuedAnswer>;

/** Coupons of the site (issuedBy null) or those one partner issued, filtered by status, owner and issue time. */
export async function issuedCoupons(
  db: Db,
  siteId: string,
  issuedBy: number | null,
  f: { status?: CouponStatus; memId?: string | null; range?: Range; page: number; perPage: number },
): Promise<IssuedList> {
  let base = db.selectFrom('coupon as c').innerJoin('member as m', 'm.id', 'c.member_id').innerJoin('member as i', 'i.id', 'c.issued_by').where('c.site_id', '=', siteId);
  if (issuedBy !== null) base = base.where('c.issued_by', '=', issuedBy);
  if (f.memId) base = base.where('m.mem_id', '=', f.memId);
  if (f.range) base = base.where('c.created_at', '>=', f.range.from).where('c.created_at', '<', f.range.to);
  const listed = f.status ? base.where('c.status', '=', f.status) : base;
  const [rows, sums] = await Promise.all([
    listed
      .select(['c.id', 'c.amount', 'c.status', 'c.created_at', 'c.expires_at', 'c.closed_at', 'c.memo', 'm.mem_id', 'm.mem_nick', 'i.mem_id as issuer'])
      .orderBy('c.id', 'desc')
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage)
      .execute(),
    base
      .select(['c.status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('c.amount').as('a')])
      .groupBy('c.status')
      .execute(),
  ]);
  const of = (s: CouponStatus) => sums.find((x) => x.status === s);
  const n = (s: CouponStatus) => Number(of(s)?.n ?? 0);
  const a = (s: CouponStatus) => Number(of(s)?.a ?? 0);
  const total = f.status ? n(f.status) : n('open') + n('used') + n('expired');
  return {
    list: rows.map((r) => ({
      ...couponOf(r),
      memId: r.mem_id,
      memNick: r.mem_nick,
      issuerId: r.issuer,
    })),
    pageInfo: pageInfoOf(f.page, total, f.perPage),
    sums: { open: n('open'), used: n('used'), expired: n('expired'), openAmt: a('open'), usedAmt: a('used'), expiredAmt: a('expired') },
  };
}
