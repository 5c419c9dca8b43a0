/**
 * The accrual step: applies pending ledger sides (ledger_pending) and daily figures (daily_pending)
 * that hot movements wrote without locking their rows. One transaction per batch: the batch's rows
 * are deleted, their entries written with before/after, balances and daily_stat moved by the sum
 * per row, all inside the database (src/server/db/functions/accrual.sql). Exactly once and
 * crash-safe because deleting the pending rows and writing their effect commit together; one
 * applier at a time across instances through a transaction advisory lock.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/driver.js';
import type { Changed, Trx } from './ledger.js';

const BATCH = 1000;

export interface Applied {
  /** pending ledger sides applied */
  sides: number;
  /** daily_stat rows the batch's settled bets added to */
  daily: number;
  /** non-house members whose balance moved: the caller pushes CASH to them */
  changed: Changed[];
  /** the batch was full: more is waiting */
  more: boolean;
}

export interface ApplyOptions {
  limit?: number;
  /** skip (answer null) when a batch ran, on any instance, less than this many ms ago */
  gapMs?: number;
  /** test hook, run after the batch is read and locked and before its effect is written */
  midBatch?: (trx: Trx) => Promise<void> | void;
}

/**
 * Applies one batch; null when another applier holds the lock (or a batch ran within `gapMs`). One statement (accrual_run) unless a
 * test hook must run between taking the batch and applying it: then accrual_take and accrual_apply in
 * one transaction, the same two steps.
 */
export async function applyPending(db: Db, opts: ApplyOptions = {}): Promise<Applied | null> {
  const limit = opts.limit ?? BATCH;
  if (!opts.midBatch) {
    const {
      rows: [r],
    } = await sql<{ r: AppliedRow | null }>`select accrual_run(${limit}::int, ${opts.gapMs ?? 0}::int) as r`.execute(db);
    return r.r && applied(r.r);
  }
  const midBatch = opts.midBatch;
  return db.transaction().execute(async (trx) => {
    const {
      rows: [taken],
    } = await sql<{ ids: (string | number)[] | null }>`select accrual_take(${limit}::int) as ids`.execute(trx);
    if (!taken.ids) return null;
    await midBatch(trx);
    const {
      rows: [r],
    } = await sql<{ r: AppliedRow }>`select accrual_apply(${`{${taken.ids.join(',')}}`}::bigint[], ${limit}::int) as r`.execute(trx);
    return applied(r.r);
  });
}

type AppliedRow = Omit<Applied, 'changed'> & { changed: (Omit<Changed, 'cash' | 'point'> & { cash: number | string; point: number | string })[] };

const applied = (r: AppliedRow): Applied => ({
  sides: r.sides,
  daily: r.daily,
  more: r.more,
  changed: r.changed.map((c) => ({ ...c, cash: Number(c.cash), point: Number(c.point) })),
});
