import { sql } from 'kysely';
import type { Db } from '../../db/driver.js';
import { toWire } from '../common/time.js';
import type { Trx } from './ledger.js';

export interface LedgerReport {
  ok: boolean;
  checkedAt: string;
  members: number;
  entries: number;
  /** per kind, every account of the site summed, house included: 0 when all money came through the ledger */
  totals: { cash: number; point: number };
  /** stored balance differs from the sum of the member's entries */
  balanceMismatches: { memId: string; kind: 'cash' | 'point'; stored: number; ledger: number }[];
  /** movements whose entries do not sum to zero */
  unbalancedMoves: { moveId: number; kind: string; sum: number }[];
  /** an entry whose `before` is not the previous entry's `after` for the same account */
  chainBreaks: { entryId: number; memId: string; kind: string }[];
  /** non-house accounts below zero */
  negatives: { memId: string; cash: number; point: number }[];
}

const LIMIT = 100;

/**
 * Every account's ledger amounts: the entries, and per archived month the sum of its detached
 * entries (history_detach, functions/history.sql), so balances still equal the ledger.
 */
const entrySums = (siteId: string) => sql`
  select member_id, kind, amount from ledger_entry where site_id = ${siteId}
  union all select member_id, kind, amount from ledger_archive where site_id = ${siteId}`;

/**
 * Compares stored balances with the ledger and checks that every movement balances, pending sides
 * (not yet applied by the accrual step) counted in the movements and totals. All reads see one
 * snapshot, so the answer is exact while movements and accrual batches commit.
 */
export async function checkLedger(db: Db, siteId: string): Promise<LedgerReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => checkIn(trx, siteId));
}

async function checkIn(db: Trx, siteId: string): Promise<LedgerReport> {
  const mismatches = await sql<{ mem_id: string; kind: 'cash' | 'point'; stored: number; ledger: number }>`
    with sums as (
      select member_id,
             coalesce(sum(amount) filter (where kind = 'cash'), 0) as cash,
             coalesce(sum(amount) filter (where kind = 'point'), 0) as point
      from (${entrySums(siteId)}) e group by member_id
    )
    select m.mem_id, k.kind, k.stored, k.ledger from member m
    left join sums s on s.member_id = m.id
    cross join lateral (values ('cash', m.cash_amt, coalesce(s.cash, 0)), ('point', m.point_amt, coalesce(s.point, 0))) as k(kind, stored, ledger)
    where m.site_id = ${siteId} and k.stored <> k.ledger
    order by m.id limit ${LIMIT}
  `.execute(db);
  const unbalanced = await sql<{ move_id: number; kind: string; sum: number }>`
    select move_id, kind, sum(amount) as sum from (
      select move_id, kind, amount from ledger_entry where site_id = ${siteId}
      union all select move_id, kind, amount from ledger_pending where site_id = ${siteId}
    ) s group by move_id, kind having sum(amount) <> 0 order by move_id limit ${LIMIT}
  `.execute(db);
  // an entry continues its account's previous one, or the archived months' runs between the two
  const breaks = await sql<{ id: number; mem_id: string; kind: string }>`
    select c.id, m.mem_id, c.kind from (
      select * from (
        select id, member_id, kind, before_amt, lag(after_amt) over w as prev, lag(id) over w as prev_id
        from ledger_entry where site_id = ${siteId} window w as (partition by member_id, kind order by id)
      ) e where e.before_amt <> coalesce(e.prev, 0)
    ) c join member m on m.id = c.member_id
    where c.before_amt <> coalesce(c.prev, 0) + coalesce((select sum(a.amount) from ledger_archive a
      where a.member_id = c.member_id and a.kind = c.kind and a.min_id > coalesce(c.prev_id, 0) and a.max_id < c.id), 0)
    order by c.id limit ${LIMIT}
  `.execute(db);
  const negatives = await db
    .selectFrom('member')
    .select(['mem_id', 'cash_amt', 'point_amt'])
    .where('site_id', '=', siteId)
    .where('login_type', '<>', 'HOUSE')
    .where((eb) => eb.or([eb('cash_amt', '<', 0), eb('point_amt', '<', 0)]))
    .limit(LIMIT)
    .execute();
  const totals = await db
    .selectFrom('member')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('cash_amt'), sql<number>`0`).as('cash'),
      eb.fn.coalesce(eb.fn.sum<number>('point_amt'), sql<number>`0`).as('point'),
    ])
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  const entries = await db
    .selectFrom('ledger_entry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  const pending = await db
    .selectFrom('ledger_pending')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>(sql`case when kind = 'cash' then amount end`), sql<number>`0`).as('cash'),
      eb.fn.coalesce(eb.fn.sum<number>(sql`case when kind = 'point' then amount end`), sql<number>`0`).as('point'),
    ])
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  const report: LedgerReport = {
    ok: false,
    checkedAt: new Date().toISOString(),
    members: Number(totals.n),
    entries: Number(entries.n),
    totals: { cash: Number(totals.cash) + Number(pending.cash), point: Number(totals.point) + Number(pending.point) },
    balanceMismatches: mismatches.rows.map((r) => ({ memId: r.mem_id, kind: r.kind, stored: Number(r.stored), ledger: Number(r.ledger) })),
    unbalancedMoves: unbalanced.rows.map((r) => ({ moveId: Number(r.move_id), kind: r.kind, sum: Number(r.sum) })),
    chainBreaks: breaks.rows.map((r) => ({ entryId: Number(r.id), memId: r.mem_id, kind: r.kind })),
    negatives: negatives.map((r) => ({ memId: r.mem_id, cash: r.cash_amt, point: r.point_amt })),
  };
  report.ok =
    report.totals.cash === 0 &&
    report.totals.point === 0 &&
    !report.balanceMismatches.length &&
    !report.unbalancedMoves.length &&
    !report.chainBreaks.length &&
    !report.negatives.length;
  return report;
}

/** Recomputes every stored balance of a site from its entries; answers how many accounts changed. */
export async function rebuildBalances(db: Db, siteId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // no movement may commit between reading the sums and writing them
    await sql`lock table ledger_entry in share mode`.execute(trx);
    const r = await sql`
      with sums as (
        select member_id,
               coalesce(sum(amount) filter (where kind = 'cash'), 0) as cash,
               coalesce(sum(amount) filter (where kind = 'point'), 0) as point
        from (${entrySums(siteId)}) e group by member_id
      )
      update member m set cash_amt = coalesce(s.cash, 0), point_amt = coalesce(s.point, 0), updated_at = now()
      from member m2 left join sums s on s.member_id = m2.id
      where m.id = m2.id and m.site_id = ${siteId}
        and (m.cash_amt <> coalesce(s.cash, 0) or m.point_amt <> coalesce(s.point, 0))
    `.execute(trx);
    return Number(r.numAffectedRows ?? 0);
  });
}

/** Keeps a check's result as the site's last one (the operator's home shows it). */
export async function keepLedgerCheck(db: Db, siteId: string, r: LedgerReport): Promise<void> {
  const row = { site_id: siteId, ok: r.ok, checked_at: new Date(r.checkedAt), report: JSON.stringify(r) };
  await db
    .insertInto('ledger_check')
    .values(row)
    .onConflict((oc) => oc.column('site_id').doUpdateSet({ ok: row.ok, checked_at: row.checked_at, report: row.report }))
    .execute();
}

/** The site's last check: its verdict and time (wire date), or null when none ran yet. */
export async function lastLedgerCheck(db: Db, siteId: string): Promise<{ ok: boolean; checkedAt: string } | null> {
  const r = await db.selectFrom('ledger_check').select(['ok', 'checked_at']).where('site_id', '=', siteId).executeTakeFirst();
  return r ? { ok: r.ok, checkedAt: toWire(new Date(r.checked_at)) } : null;
}
