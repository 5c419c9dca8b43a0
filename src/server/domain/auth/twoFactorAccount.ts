import { ApiError } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import type { Publisher } from '../../live/publisher.js';
import { clearWrongPasswords, isLocked, recordWrongPassword } from './lockout.js';
import { verifyPassword } from './passwords.js';
import type { SessionCache } from './sessionCache.js';
import { checkSecondFactor, removeTwoFactor, twoFactorOn } from './twoFactor.js';

interface Env {
  db: Db;
  live: Publisher;
  sessions: SessionCache;
  siteId: string;
  now: Date;
  lockMinutes: number;
}

/**
 * Turning two-factor on starts with the current password (before any secret is shown), so a
 * stolen session alone cannot enrol the thief's authenticator and lock the owner out. A wrong
 * one counts toward the login lock like a wrong password in the account edit (U121; the lock
 * ends the session).
 */
export async function startTwoFactor<T>(env: Env, member: { id: number; memId: string }, memPass: string, enrol: () => Promise<T>): Promise<T> {
  const { db, now } = env;
  if (await twoFactorOn(db, member.id)) throw new ApiError('OT001');
  const m = await db.selectFrom('member').select(['pass_hash', 'locked_until']).where('id', '=', member.id).executeTakeFirstOrThrow();
  if (isLocked(m.locked_until, now)) throw new ApiError('U003');
  if (!memPass || !(await verifyPassword(memPass, m.pass_hash))) throw await countWrong(env, member);
  if (!(await clearWrongPasswords(db, member.id, now))) throw new ApiError('U003');
  return enrol();
}

/** A wrong password or code in a signed-in security change: counted, and the session ends on the lock. */
async function countWrong(env: Env, member: { id: number; memId: string }, code: 'U121' | 'L007' = 'U121') {
  const r = await recordWrongPassword(env.db, env.sessions, member.id, env.now, env.lockMinutes);
  for (const id of r.ended) env.live.publish({ siteId: env.siteId, memId: member.memId, sessionId: id }, { type: 'LOGOUT' });
  return new ApiError(r.locked ? 'U003' : code);
}

/**
 * Turning two-factor off from the account screen takes the password and a current (or recovery)
 * code. Either wrong counts toward the login lock like a wrong password in the account edit
 * (U121 / L007; the lock ends the session), so a stolen session cannot strip the second factor.
 */
export async function disableTwoFactor(env: Env, member: { id: number; memId: string }, memPass: string, code: string) {
  const { db, now } = env;
  if (!(await twoFactorOn(db, member.id))) throw new ApiError('OT002');
  const m = await db.selectFrom('member').select(['pass_hash', 'locked_until']).where('id', '=', member.id).executeTakeFirstOrThrow();
  if (isLocked(m.locked_until, now)) throw new ApiError('U003');
  const passOk = !!memPass && (await verifyPassword(memPass, m.pass_hash));
  if (!passOk || !(await checkSecondFactor(db, member.id, code, now))) throw await countWrong(env, member, passOk ? 'L007' : 'U121');
  if (!(await clearWrongPasswords(db, member.id, now))) throw new ApiError('U003');
  await removeTwoFactor(db, member.id);
}
