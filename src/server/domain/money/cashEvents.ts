import type { Db } from '../../db/driver.js';
import type { Publisher } from '../ports.js';
import type { Changed } from './ledger.js';

/**
 * After a movement commits: each member it touched hears its new cash and points (live CASH).
 * Resolves once the fan-out took the events: a call answering after it leaves no instance's kept
 * member info (auth/infoCache.ts) older than the movement.
 */
export async function pushCash(live: Publisher, changed: readonly Changed[]): Promise<void> {
  if (!changed.length) return;
  for (const c of changed) live.publish({ siteId: c.siteId, memId: c.memId }, { type: 'CASH', data1: c.cash, data2: c.point });
  await live.delivered();
}

/**
 * A decided request whose member's balance did not move (a deposit refused, a withdrawal paid out of
 * the hold) still tells its member, with the balances as they are: the screens that show the request
 * read it again on CASH.
 */
export async function pushDecided(db: Db, live: Publisher, siteId: string, cashIdx: number, changed: readonly Changed[]): Promise<void> {
  const m = await db
    .selectFrom('cash_request as r')
    .innerJoin('member as m', 'm.id', 'r.member_id')
    .select(['m.mem_id', 'm.cash_amt', 'm.point_amt'])
    .where('r.id', '=', cashIdx)
    .where('r.site_id', '=', siteId)
    .executeTakeFirst();
  if (!m || changed.some((c) => c.siteId === siteId && c.memId === m.mem_id)) return;
  await pushCash(live, [{ siteId, memId: m.mem_id, cash: Number(m.cash_amt), point: Number(m.point_amt) }]);
}
