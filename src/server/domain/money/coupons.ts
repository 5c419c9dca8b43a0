/**
 * Cash coupons on the money engine (functions/money_coupons.sql): issue reserves the face value
 * in the site's coupon account, redeem pays one coupon to its member once, and the upkeep step
 * (run at read: before a coupon list is read and before a redeem) returns expired coupons to their
 * issuers, each exactly once whichever call gets there first.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { CouponStatus, couponTargets, issuedAnswer } from '../../../contract/coupon.js';
import type { Db } from '../../db/driver.js';
import type { Range } from '../common/dateRange.js';
import { pageInfoOf, pageWindow } from '../common/paging.js';
import { fromWire, toWire } from '../common/time.js';
import { movementHead, runMovement, systemAccounts, type Actor, type Changed, type MoneyResult } from './ledger.js';

export interface IssueAsk {
  target: (typeof couponTargets)[number];
  memId?: string | null;
  amount?: number;
  count: number;
  expireDate: string;
  memo?: string | null;
}
export interface Issued {
  issueIdx: number;
  couponCnt: number;
  memberCnt: number;
  totalAmt: number;
}

/**
 * Issues coupons: by the operator from the house (partnerId null), or by a partner from its own cash
 * to its own downline. Answers C202 beyond the partner's holdings, CP001-CP003/CP007, U001, A002.
 */
export async function issueCoupons(db: Db, actor: Actor, partnerId: number | null, p: IssueAsk): Promise<MoneyResult<Issued>> {
  const { house, coupon } = await systemAccounts(db, actor.siteId);
  const payer = partnerId ?? house;
  return runMovement<Issued>(
    db,
    actor.siteId,
    () => sql`select money_coupon_issue(${movementHead(actor)}, ${payer}::bigint, ${coupon}::bigint, ${partnerId}::bigint,
      ${p.target}, ${p.memId ?? null}, ${p.amount ?? null}::bigint, ${p.count}::int, ${fromWire(p.expireDate)}::timestamptz, ${p.memo ?? null}) as r`,
  );
}

export interface Redeemed {
  couponIdx: number;
  couponAmt: number;
  cashAmt: number;
  pointAmt: number;
  useDate: string;
}

/** The caller redeems one of its coupons; expired ones are returned to their issuers first. */
export async function redeemCoupon(db: Db, actor: Actor, couponIdx: number): Promise<{ moved: MoneyResult<Redeemed>; returned: Changed[] }> {
  const returned = await expireCoupons(db, actor.siteId, actor.at);
  const { coupon } = await systemAccounts(db, actor.siteId);
  const moved = await runMovement<Redeemed>(db, actor.siteId, () => sql`select money_coupon_redeem(${movementHead(actor)}, ${coupon}::bigint, ${couponIdx}::bigint) as r`);
  return { moved, returned };
}

const EXPIRE_BATCH = 500;

/** Returns every coupon of the site past its expiry to its issuer, once; answers the partners paid back. */
export async function expireCoupons(db: Db, siteId: string, at: Date): Promise<Changed[]> {
  const { coupon } = await systemAccounts(db, siteId);
  const out: Changed[] = [];
  for (;;) {
    const { rows } = await sql<{
      r: { memId: string; cash: number; point: number }[];
    }>`select money_coupon_expire(${siteId}, ${coupon}::bigint, ${at}::timestamptz, ${EXPIRE_BATCH}::int) as r`.execute(db);
    out.push(...rows[0].r.map((x) => ({ siteId, memId: x.memId, cash: Number(x.cash), point: Number(x.point) })));
    const left = await db.selectFrom('coupon').select('id').where('site_id', '=', siteId).where('status', '=', 'open').where('expires_at', '<=', at).limit(1).executeTakeFirst();
    if (!left) return out;
  }
}

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

/** The member's open coupons now (the COUPON live event's count). */
export async function openCoupons(db: Db, memberIds: number[]) {
  if (!memberIds.length) return [];
  return db
    .selectFrom('member as m')
    .leftJoin('coupon as c', (j) => j.onRef('c.member_id', '=', 'm.id').on('c.status', '=', 'open'))
    .select(['m.id', 'm.mem_id', (eb) => eb.fn.count<number>('c.id').as('n')])
    .where('m.id', 'in', memberIds)
    .groupBy(['m.id', 'm.mem_id'])
    .execute();
}

/** The members who received an issue. */
export async function issueReceivers(db: Db, issueIdx: number): Promise<number[]> {
  const rows = await db.selectFrom('coupon').select('member_id').distinct().where('issue_move', '=', issueIdx).execute();
  return rows.map((r) => r.member_id);
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
