/**
 * Cash coupons on the money engine (functions/money_coupons.sql): issue reserves the face value
 * in the site's coupon account, redeem pays one coupon to its member once, and the upkeep step
 * (run at read: before a coupon list is read and before a redeem) returns expired coupons to their
 * issuers, each exactly once whichever call gets there first. The coupon lists are reports
 * (reports/couponLists.ts).
 */
import { sql } from 'kysely';
import type { couponTargets } from '../../../contract/coupon.js';
import type { Db } from '../../db/driver.js';
import { fromWire } from '../common/time.js';
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
  /** the issue's time */
  regDate: string;
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
