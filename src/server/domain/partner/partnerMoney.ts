/**
 * Money figures of the partner screens, read from the ledger and completed cash requests.
 * Deposits and withdrawals count when completed (status 1, by processing time); gives and
 * retrieves are the ledger's -3/3 (partner side) and 33/-33 (receiver side) entries.
 */
import { sql } from 'kysely';
import { cashStatus, cashTypes } from '../../../contract/moneyKinds.js';
import type { Db } from '../../db/driver.js';
import type { Range } from '../common/dateRange.js';

export interface MemberMoney {
  cashIn: number;
  cashInCnt: number;
  cashOut: number;
  cashOutCnt: number;
  /** given to this member by its upper (33) and taken back by it (-33) */
  received: number;
  takenBack: number;
  /** given by this member to its children (-3) and retrieved from them (3) */
  given: number;
  retrieved: number;
}

const zero = (): MemberMoney => ({ cashIn: 0, cashInCnt: 0, cashOut: 0, cashOutCnt: 0, received: 0, takenBack: 0, given: 0, retrieved: 0 });

/** Per member, over a window (null: all time). */
export async function memberMoney(db: Db, ids: number[], range: Range | null): Promise<Map<number, MemberMoney>> {
  const out = new Map<number, MemberMoney>(ids.map((id) => [id, zero()]));
  if (!ids.length) return out;
  let reqs = db
    .selectFrom('cash_request')
    .select(['member_id', 'cash_type', (eb) => eb.fn.sum<number>('amount').as('amt'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('member_id', 'in', ids)
    .where('status', '=', cashStatus.complete)
    .groupBy(['member_id', 'cash_type']);
  if (range) reqs = reqs.where('updated_at', '>=', range.from).where('updated_at', '<', range.to);
  let moves = db
    .selectFrom('ledger_entry')
    .select(['member_id', 'type_code', (eb) => eb.fn.sum<number>('amount').as('amt')])
    .where('member_id', 'in', ids)
    .where('kind', '=', 'cash')
    .where('type_code', 'in', [cashTypes.upperGrant, cashTypes.upperRecovery, cashTypes.holdingsGrant, cashTypes.holdingsRecovery])
    .groupBy(['member_id', 'type_code']);
  if (range) moves = moves.where('created_at', '>=', range.from).where('created_at', '<', range.to);
  const [r, m] = await Promise.all([reqs.execute(), moves.execute()]);
  for (const x of r) {
    const o = out.get(x.member_id)!;
    if (x.cash_type === cashTypes.deposit) [o.cashIn, o.cashInCnt] = [Number(x.amt), Number(x.n)];
    else [o.cashOut, o.cashOutCnt] = [Number(x.amt), Number(x.n)];
  }
  for (const x of m) {
    const o = out.get(x.member_id)!;
    const amt = Math.abs(Number(x.amt));
    if (x.type_code === cashTypes.upperGrant) o.received = amt;
    else if (x.type_code === cashTypes.upperRecovery) o.takenBack = amt;
    else if (x.type_code === cashTypes.holdingsGrant) o.given = amt;
    else o.retrieved = amt;
  }
  return out;
}

export interface SubtreeMoney {
  cashIn: number;
  cashInCnt: number;
  cashOut: number;
  cashOutCnt: number;
}

/** Completed deposits and withdrawals of each root's subtree (depth >= minDepth) over a window. */
export async function subtreeRequests(db: Db, rootIds: number[], range: Range | null, minDepth = 0): Promise<Map<number, SubtreeMoney>> {
  const out = new Map<number, SubtreeMoney>(rootIds.map((id) => [id, { cashIn: 0, cashInCnt: 0, cashOut: 0, cashOutCnt: 0 }]));
  if (!rootIds.length) return out;
  let q = db
    .selectFrom('member_path as p')
    .innerJoin('cash_request as r', 'r.member_id', 'p.descendant_id')
    .select(['p.ancestor_id', 'r.cash_type', (eb) => eb.fn.sum<number>('r.amount').as('amt'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('p.ancestor_id', 'in', rootIds)
    .where('p.depth', '>=', minDepth)
    .where('r.status', '=', cashStatus.complete)
    .groupBy(['p.ancestor_id', 'r.cash_type']);
  if (range) q = q.where('r.updated_at', '>=', range.from).where('r.updated_at', '<', range.to);
  for (const x of await q.execute()) {
    const o = out.get(x.ancestor_id)!;
    if (x.cash_type === cashTypes.deposit) [o.cashIn, o.cashInCnt] = [Number(x.amt), Number(x.n)];
    else [o.cashOut, o.cashOutCnt] = [Number(x.amt), Number(x.n)];
  }
  return out;
}

/** Coupon cash (55) redeemed by each root's subtree, the root included, over a window. */
export async function subtreeCoupons(db: Db, rootIds: number[], range: Range): Promise<Map<number, number>> {
  const out = new Map<number, number>(rootIds.map((id) => [id, 0]));
  if (!rootIds.length) return out;
  const rows = await db
    .selectFrom('member_path as p')
    .innerJoin('ledger_entry as e', 'e.member_id', 'p.descendant_id')
    .select(['p.ancestor_id', (eb) => eb.fn.sum<number>('e.amount').as('amt')])
    .where('p.ancestor_id', 'in', rootIds)
    .where('e.kind', '=', 'cash')
    .where('e.type_code', '=', cashTypes.couponCash)
    .where('e.created_at', '>=', range.from)
    .where('e.created_at', '<', range.to)
    .groupBy('p.ancestor_id')
    .execute();
  for (const r of rows) out.set(r.ancestor_id, Number(r.amt));
  return out;
}

/** Gives (33), retrieves (-33) and coupon cash (55) received by members strictly below a root over a window. */
export async function subtreeTransfers(db: Db, rootId: number, range: Range | null) {
  let q = db
    .selectFrom('member_path as p')
    .innerJoin('ledger_entry as e', 'e.member_id', 'p.descendant_id')
    .select(['e.type_code', (eb) => eb.fn.sum<number>('e.amount').as('amt')])
    .where('p.ancestor_id', '=', rootId)
    .where('p.depth', '>', 0)
    .where('e.kind', '=', 'cash')
    .where('e.type_code', 'in', [cashTypes.upperGrant, cashTypes.upperRecovery, cashTypes.couponCash])
    .groupBy('e.type_code');
  if (range) q = q.where('e.created_at', '>=', range.from).where('e.created_at', '<', range.to);
  const rows = await q.execute();
  const of = (t: number) => Math.abs(Number(rows.find((r) => r.type_code === t)?.amt ?? 0));
  return { payment: of(cashTypes.upperGrant), payback: of(cashTypes.upperRecovery), coupon: of(cashTypes.couponCash) };
}

export interface Holdings {
  /** everyone strictly below the root */
  count: number;
  partnerCount: number;
  cashAmt: number;
  pointAmt: number;
  partnerCashAmt: number;
  normalCashAmt: number;
  /** descendants per level, partners first */
  byLevel: { partnerLevel: string; cnt: number }[];
}

/** Current holdings and head counts below each root (the root itself excluded). */
export async function subtreeHoldings(db: Db, rootIds: number[]): Promise<Map<number, Holdings>> {
  const out = new Map<number, Holdings>(rootIds.map((id) => [id, { count: 0, partnerCount: 0, cashAmt: 0, pointAmt: 0, partnerCashAmt: 0, normalCashAmt: 0, byLevel: [] }]));
  if (!rootIds.length) return out;
  const rows = await db
    .selectFrom('member_path as p')
    .innerJoin('member as m', 'm.id', 'p.descendant_id')
    .select([
      'p.ancestor_id',
      'm.partner_level',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>('m.cash_amt').as('cash'),
      (eb) => eb.fn.sum<number>('m.point_amt').as('point'),
    ])
    .where('p.ancestor_id', 'in', rootIds)
    .where('p.depth', '>', 0)
    .groupBy(['p.ancestor_id', 'm.partner_level'])
    .orderBy('p.ancestor_id')
    .orderBy(sql`m.partner_level = 'NORMAL'`)
    .orderBy('m.partner_level')
    .execute();
  for (const r of rows) {
    const h = out.get(r.ancestor_id)!;
    const [n, cash, point] = [Number(r.n), Number(r.cash ?? 0), Number(r.point ?? 0)];
    h.count += n;
    h.cashAmt += cash;
    h.pointAmt += point;
    if (r.partner_level === 'NORMAL') h.normalCashAmt += cash;
    else [h.partnerCount, h.partnerCashAmt] = [h.partnerCount + n, h.partnerCashAmt + cash];
    h.byLevel.push({ partnerLevel: r.partner_level, cnt: n });
  }
  return out;
}

/** The sum of one member's cash entries per type over a window (its own money-change report). */
export async function ownCashByType(db: Db, memberId: number, range: Range): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('ledger_entry')
    .select(['type_code', (eb) => eb.fn.sum<number>('amount').as('amt')])
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .groupBy('type_code')
    .execute();
  return new Map(rows.map((r) => [r.type_code, Number(r.amt)]));
}
