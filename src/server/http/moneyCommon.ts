import type { Call } from '../../contract/define.js';
import type { AuthedContext } from '../context.js';
import { purgeRequestKeysDaily, type MoneyResult } from '../domain/money/ledger.js';
import type { Actor } from '../domain/money/transfers.js';

/** The caller as the money domain sees it: who, which client request id, which call, when. */
export function actorOf(ctx: AuthedContext, call: Call, requestId: string | null): Actor {
  return { siteId: ctx.site.id, id: ctx.caller.id, requestKey: requestId, call: call.path, at: ctx.clock.now() };
}

/** After commit: push CASH with the new balances to every member the movement touched; answer the result. */
export function settle<T>(ctx: AuthedContext, r: MoneyResult<T>): T {
  for (const c of r.changed) ctx.live.publish({ siteId: c.siteId, memId: c.memId }, { type: 'CASH', data1: c.cash, data2: c.point });
  if (!r.replayed) void purgeRequestKeysDaily(ctx.db, ctx.clock.now()).catch(() => {});
  return r.result;
}
