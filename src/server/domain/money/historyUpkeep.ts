import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import type { Db } from '../../db/driver.js';

const DAY_MS = 86_400_000;
const RETRY_MS = 60_000;

/** Makes the month partitions of bet, ledger_entry and wallet_tx from last month to two ahead of `at` (functions/history.sql); answers how many it made. */
export async function historyUpkeep(db: Db, at: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`select history_upkeep(${at}::timestamptz) as n`.execute(db);
  return Number(rows[0].n);
}

/** Detaches a past Korea-time month ('2026-01') of the history tables for archive; answers the rows each table's partition held. */
export async function historyDetach(db: Db, month: string, at: Date): Promise<Record<string, number>> {
  const { rows } = await sql<{ r: Record<string, number> }>`select history_detach(${month}, ${at}::timestamptz) as r`.execute(db);
  return rows[0].r;
}

/**
 * Upkeep at start-up, then once a day on the server's clock (several instances serialise on the
 * function's advisory lock). A failed run (tables busy past its lock timeout) is retried a minute
 * later; meanwhile writes land in the default partition, which the next run moves into their month.
 */
export async function startHistoryUpkeep(ctx: Pick<Deps, 'db' | 'clock'>, everyMs = DAY_MS) {
  let retry: NodeJS.Timeout | null = null;
  const run = async () => {
    if (retry) clearTimeout(retry);
    retry = null;
    await historyUpkeep(ctx.db, ctx.clock.now()).catch(() => {
      retry = setTimeout(() => void run(), RETRY_MS);
      retry.unref();
    });
  };
  await run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (retry) clearTimeout(retry);
    },
  };
}
