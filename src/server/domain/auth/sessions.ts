import { ApiError } from '../../../contract/codes.js';
import type { Caller } from './caller.js';
import type { Db } from '../../db/driver.js';
import type { SessionCache, SessionCaller } from './sessionCache.js';
import { hashToken } from './tokens.js';

export type { SessionCaller } from './sessionCache.js';

/**
 * Resolves a session token to its member, from `cache` when it holds the token. A token ended by
 * a newer login answers TK999 (the product's "same id logged in elsewhere"); unknown, logged-out
 * or expired tokens answer TK001/TK002.
 */
export async function resolveSession(db: Db, siteId: string, token: string, now: Date, cache?: SessionCache): Promise<Caller> {
  const { siteId: _site, ...caller } = await lookup(db, token, now, cache, siteId);
  return caller;
}

/**
 * The same resolution without a site id, for the live channel whose CONNECT frame carries only the
 * token; the answer says which site the session belongs to.
 */
export function getSessionByToken(db: Db, token: string, now: Date, cache?: SessionCache): Promise<SessionCaller> {
  return lookup(db, token, now, cache);
}

async function lookup(db: Db, token: string, now: Date, cache?: SessionCache, siteId?: string): Promise<SessionCaller> {
  const hash = hashToken(token);
  const hit = cache?.get(hash, now);
  if (hit) {
    // a token of another site is unknown there, as the database would say
    if (siteId !== undefined && hit.siteId !== siteId) throw new ApiError('TK001');
    return hit;
  }
  let q = db
    .selectFrom('session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .select(['s.id as sessionId', 's.site_id', 's.expires_at', 's.ended_at', 's.end_reason', 'm.id', 'm.mem_id', 'm.mem_nick', 'm.partner_level', 'm.login_type'])
    .where('s.token_hash', '=', hash);
  if (siteId !== undefined) q = q.where('s.site_id', '=', siteId);
  const row = await q.executeTakeFirst();
  if (!row) throw new ApiError('TK001');
  if (row.ended_at) throw new ApiError(row.end_reason === 'superseded' ? 'TK999' : 'TK001');
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw new ApiError('TK002');
  const caller: SessionCaller = {
    siteId: row.site_id,
    id: row.id,
    memId: row.mem_id,
    memNick: row.mem_nick,
    partnerLevel: row.partner_level,
    loginType: row.login_type,
    sessionId: row.sessionId,
    expiresAt: new Date(row.expires_at),
  };
  cache?.set(hash, caller);
  return caller;
}

/** Why a session ended; 'superseded' is the one the client shows as TK999. */
export type EndReason = 'logout' | 'superseded' | 'forced' | 'login-blocked' | 'locked';

/**
 * Ends open sessions, of one session or all of a member's: the one place every sign-out goes
 * through (logout, a newer login, the operator's forced sign-out, a login block, a password lock),
 * so the session caches of this and every other instance forget them here. Answers the ids it ended.
 */
export async function endSessions(db: Db, cache: SessionCache, target: { memberId: number } | { sessionId: number }, now: Date, reason: EndReason): Promise<number[]> {
  let q = db.updateTable('session').set({ ended_at: now, end_reason: reason }).where('ended_at', 'is', null);
  q = 'sessionId' in target ? q.where('id', '=', target.sessionId) : q.where('member_id', '=', target.memberId);
  const ids = (await q.returning('id').execute()).map((r) => r.id);
  await cache.end(ids);
  return ids;
}

/** The latest moment a session started at `createdAt` may reach, however often it is refreshed. */
export const absoluteEnd = (createdAt: Date, maxHours: number) => new Date(createdAt.getTime() + maxHours * 3600_000);

/** Idle expiry from `now`, never past the session's absolute end. */
export const cappedExpiry = (now: Date, createdAt: Date, maxHours: number, idleMinutes = 240) =>
  new Date(Math.min(now.getTime() + idleMinutes * 60_000, absoluteEnd(createdAt, maxHours).getTime()));
