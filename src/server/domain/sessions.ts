import { ApiError } from '../../contract/codes.js';
import type { Caller } from '../context.js';
import type { Db } from '../db/driver.js';
import { hashToken } from './tokens.js';

/**
 * Resolves a session token to its member. A token ended by a newer login answers TK999 (the
 * product's "same id logged in elsewhere"); unknown, logged-out or expired tokens answer TK001/TK002.
 */
export async function resolveSession(db: Db, siteId: string, token: string, now: Date): Promise<Caller> {
  const row = await db
    .selectFrom('session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .select([
      's.id as sessionId',
      's.expires_at',
      's.ended_at',
      's.end_reason',
      'm.id',
      'm.mem_id',
      'm.mem_nick',
      'm.partner_level',
      'm.login_type',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.site_id', '=', siteId)
    .executeTakeFirst();
  if (!row) throw new ApiError('TK001');
  if (row.ended_at) throw new ApiError(row.end_reason === 'superseded' ? 'TK999' : 'TK001');
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw new ApiError('TK002');
  return {
    id: row.id,
    memId: row.mem_id,
    memNick: row.mem_nick,
    partnerLevel: row.partner_level,
    loginType: row.login_type,
    sessionId: row.sessionId,
    expiresAt: new Date(row.expires_at),
  };
}
