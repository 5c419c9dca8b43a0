import type { Publisher } from '../deps.js';
import type { Changed } from './ledger.js';

/** After a movement commits: each member it touched hears its new cash and points (live CASH). */
export function pushCash(live: Publisher, changed: readonly Changed[]): void {
  for (const c of changed) live.publish({ siteId: c.siteId, memId: c.memId }, { type: 'CASH', data1: c.cash, data2: c.point });
}
