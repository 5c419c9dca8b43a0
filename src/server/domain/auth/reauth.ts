import { ApiError } from '../../../contract/codes.js';
import { reauthMinutes } from '../../../contract/reauth.js';
import type { Db } from '../../db/driver.js';
import type { Publisher } from '../ports.js';
import { clearWrongPasswords, isLocked, recordWrongPassword } from './lockout.js';
import { verifyPassword } from './passwords.js';
import type { SessionCache } from './sessionCache.js';

export interface ReauthEnv {
  db: Db;
  live: Publisher;
  sessions: SessionCache;
  siteId: string;
  now: Date;
  lockMinutes: number;
}

export interface ReauthMember {
  id: number;
  memId: string;
  sessionId: number;
}

/** A wrong password or code in a signed-in security change: counted, and the session ends on the lock. */
export async function countWrong(env: ReauthEnv, member: { id: number; memId: string }, code: 'U121' | 'L007' = 'U121') {
  const r = await recordWrongPassword(env.db, env.sessions, member.id, env.now, env.lockMinutes);
  for (const id of r.ended) env.live.publish({ siteId: env.siteId, memId: member.memId, sessionId: id }, { type: 'LOGOUT' });
  return new ApiError(r.locked ? 'U003' : code);
}

/** Whether this session proved the password within the last `reauthMinutes`. */
async function recentlyProved(db: Db, sessionId: number, now: Date) {
  const since = new Date(now.getTime() - reauthMinutes * 60_000);
  const row = await db.selectFrom('session').select('id').where('id', '=', sessionId).where('reauth_at', '>', since).where('reauth_at', '<=', now).executeTakeFirst();
  return !!row;
}

/**
 * The one rule of every security change: the current login password, or none when this session
 * re-authenticated within `reauthMinutes`. A wrong or missing one answers U121 and counts toward
 * the login lock (U003 once locked; the lock ends the member's sessions). A right one clears the
 * count and opens the window for this session, so the next change in it does not ask again;
 * `secondCheckFollows` leaves both to the caller's own second check (a two-factor code), so a
 * right password cannot reset the count between wrong codes.
 */
export async function confirmPassword(env: ReauthEnv, member: ReauthMember, password: string | null | undefined, secondCheckFollows = false) {
  const { db, now } = env;
  const m = await db.selectFrom('member').select(['pass_hash', 'locked_until']).where('id', '=', member.id).executeTakeFirstOrThrow();
  if (isLocked(m.locked_until, now)) throw new ApiError('U003');
  if (!password && (await recentlyProved(db, member.sessionId, now))) return;
  if (!password || !(await verifyPassword(password, m.pass_hash))) throw await countWrong(env, member);
  if (secondCheckFollows) return;
  if (!(await clearWrongPasswords(db, member.id, now))) throw new ApiError('U003');
  await db.updateTable('session').set({ reauth_at: now }).where('id', '=', member.sessionId).where('ended_at', 'is', null).execute();
}

/** The re-authentication call: the password checked, the window open until the answer's time. */
export async function reauthenticate(env: ReauthEnv, member: ReauthMember, password: string) {
  if (!password) throw await countWrong(env, member);
  await confirmPassword(env, member, password);
  return new Date(env.now.getTime() + reauthMinutes * 60_000);
}
