import { hash } from 'node:crypto';
import type { Call } from '../../contract/define.js';
import type { AuthedContext } from '../context.js';
import { pushCash } from '../domain/money/cashEvents.js';
import { purgeRequestKeysDaily, type Actor, type MoneyResult } from '../domain/money/ledger.js';

/** Fields never part of a request's hash: passwords (memPass, curPass, cashOutPass and their checks). */
const SECRET = /pass/i;

/**
 * A stable hash of a request's fields (key order aside), the request id and every secret left out:
 * a replayed request id answers its first result whatever password it carries, so a replay never
 * tells whether a secret matched (and counts no attempt: the replay is answered before any check).
 */
export function bodyHash(req: Record<string, unknown>): string {
  const { requestId: _id, siteId: _site, ...rest } = req;
  const canon = JSON.stringify(rest, (k, v) => {
    if (SECRET.test(k)) return undefined;
    return v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v;
  });
  return hash('sha256', canon, 'base64url');
}

/** The caller as the money domain sees it: who, which client request id (with its body's hash), which call, when. */
export function actorOf(ctx: AuthedContext, call: Call, req: { requestId?: string | null }): Actor {
  const requestKey = req.requestId ?? null;
  return { siteId: ctx.site.id, id: ctx.caller.id, requestKey, call: call.path, at: ctx.clock.now(), bodyHash: requestKey ? bodyHash(req) : null };
}

/** After commit: push CASH with the new balances to every member the movement touched (taken by the fan-out before it answers); answer the result. */
export async function settle<T>(ctx: AuthedContext, r: MoneyResult<T>): Promise<T> {
  await pushCash(ctx.live, r.changed);
  if (!r.replayed) void purgeRequestKeysDaily(ctx.db, ctx.clock.now()).catch(() => {});
  return r.result;
}
