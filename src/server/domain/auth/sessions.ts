import { ApiError } from '../../../contract/codes.js';
import type { Caller } from '../../context.js';
import type { Db } from '../../db/driver.js';
import { hashToken } from './tokens.js';

/** A resolved session together with the site it belongs to. */
export interface SessionCaller extends Caller {
  siteId: string;
}

/**
 * Resolves a session token to its member. A token ended by a newer login answers TK999 (the
 * product's "same id logged in elsewhere"); unknown, logged-out or expired tokens answer TK001/TK002.
 */
export async function resolveSession(db: Db, siteId: string, token: string, now: Date): Promise<Caller> {
  const { siteId: _site, ...caller } = await lookup(db, token, now, siteId);
  return caller;
}

/**
 * The same resolution without a site id, for the live channel whose CONNECT frame carries only the
 * token; the answer says which site the session belongs to.
 */
export function getSessionByToken(db: Db, token: string, now: Date): Promise<SessionCaller> {
  return lookup(db, token, now);
}

async function lookup(db: Db, token: string, now: Date, siteId?: string): Promise<SessionCaller> {
  let q = db
    .selectFrom('session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .select([
      's.id as sessionId',
      's.site_id',
      's.expires_at',
      's.ended_at',
      's.end_reason',
      'm.id',
      'm.mem_id',
      'm.mem_nick',
      'm.partner_level',
      'm.login_type',
    ])
    .where('s.token_hash', '=', hashToken(token));
  if (siteId !== undefined) q = q.where('s.site_id', '=', siteId);
  const row = await q.executeTakeFirst();
  if (!row) throw new ApiError('TK001');
  if (row.ended_at) throw new ApiError(row.end_reason === 'superseded' ? 'TK999' : 'TK001');
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw new ApiError('TK002');
  return {
    siteId: row.site_id,
    id: row.id,
    memId: row.mem_id,
    memNick: row.mem_nick,
    partnerLevel: row.partner_level,
    loginType: row.login_type,
    sessionId: row.sessionId,
    expiresAt: new Date(row.expires_at),
  };
}
