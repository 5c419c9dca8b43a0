import { ApiError } from '../../../contract/codes.js';
import { isPartnerLogin, limits } from '../../../contract/enums.js';
import type { MemberInfo } from '../../../contract/member.js';
import type { Db } from '../../db/driver.js';
import type { Publisher } from '../ports.js';
import { memberInfoAndUnread, sessionTimes } from './account.js';
import { consumeCaptcha } from './captcha.js';
import { hashToken, newToken } from './tokens.js';
import { clearWrongPasswords, isLocked, recordWrongPassword } from './lockout.js';
import { cappedExpiry, endSessions } from './sessions.js';
import type { SessionCache } from './sessionCache.js';
import { isBlockedNow } from '../site/ipBlock.js';
import type { UnreadCounts } from '../board/unread.js';
import { recordLoginFailure } from './attack.js';
import { newChallenge } from './challenge.js';
import { challengeAgain, passwordStep, type Door } from './door.js';
import { clearDevice, deviceNonce, loginDeviceCookie, recordDeviceFailure, trustedDevice, type Device } from './devices.js';
import { issueTicket, type TicketPurpose } from './loginTicket.js';
import { twoFactorOn } from './twoFactor.js';
import { adminTwoFactorRequired } from '../site/twoFactorSetting.js';
import { refuseWhenOnBreak } from './protection.js';

export type LoginPage = 'player' | 'partner' | 'admin';

export interface LoginInput {
  memId?: string;
  memPass?: string;
  captchaId?: string;
  captcha?: string;
  loginPage?: LoginPage;
}

export interface LoginEnv {
  db: Db;
  live: Publisher;
  sessions: SessionCache;
  siteId: string;
  ip: string | null;
  now: Date;
  /** minutes of the wrong-password lock and the sessions' absolute lifetime */
  lockMinutes: number;
  sessionMaxHours: number;
  /** the request carried a solved, unused challenge (see the throttle) */
  proved: boolean;
  /** the address went past its limits: a challenge is needed */
  challengeRequired: boolean;
  /** this id failed as often as the lock allows, lately (the throttle's count, real id or not) */
  idOverLimit: boolean;
  /** the request's Cookie header, for the device cookie */
  cookie: string | null;
  /** served over TLS: the device cookie is Secure */
  tls: boolean;
}

export interface LoginAnswer {
  token: string;
  expiresAt: string;
  expiresIn: number;
  member: MemberInfo;
  msgInfo: UnreadCounts;
}

/** L005 with a fresh challenge for the client to solve. */
export const challengeNeeded = async (db: Db, siteId: string) => new ApiError('L005', undefined, { challenge: await newChallenge(db, siteId) });

/** The door's view of this login (`door.ts`). */
const doorOf = (env: LoginEnv): Door => ({ db: env.db, scope: env.siteId, ip: env.ip, proved: env.proved, challengeRequired: env.challengeRequired, idOverLimit: env.idOverLimit });

/**
 * Login in the product's order. A blocked address answers U004. The partner and operator screens
 * check the captcha before anything else, for every id. The operator's id signs in on the
 * operator screen only: anywhere else it answers as an unknown id, after the same scrypt work.
 * Then the password step every door shares (`door.ts`): the temporary wrong-password lock asks
 * untrusted, unproved tries for a challenge (L005); a device that signed in to this account
 * before (its device cookie) keeps its own count and lock (U003), and ignores the account's. A partner
 * account reached from the player screen needs the captcha too, but only after its password was
 * found right: an unknown id and a wrong password answer the same L001 after the same scrypt
 * work, so answers never tell which partner ids exist. Then account state (with the player's own
 * break or self-exclusion: U020/U021 and `data.until`) and which screen may be used. An account
 * with a second factor (or an operator who must enrol one) answers L006 (L008) with a login
 * ticket for the second step instead of a session.
 */
export async function login(env: LoginEnv, input: LoginInput): Promise<{ answer: LoginAnswer; setCookie: string | null }> {
  const { db, siteId, now } = env;
  const memId = input.memId?.trim() ?? '';
  const memPass = input.memPass ?? '';
  if (await isBlockedNow(env, siteId, env.ip)) throw new ApiError('U004');
  const screenCaptcha = input.loginPage === 'partner' || input.loginPage === 'admin';
  // a picture alone is read by machines: the screens that show one need the proof of work as well
  if (env.challengeRequired && !env.proved) throw await challengeAgain(doorOf(env));
  if (screenCaptcha && !env.proved) throw await challengeNeeded(db, siteId);
  if (screenCaptcha && !(await consumeCaptcha(db, siteId, input.captchaId, input.captcha, now))) throw new ApiError('L002');

  const found = memId
    ? await db
        .selectFrom('member')
        .select(['id', 'mem_id', 'pass_hash', 'login_type', 'status', 'login_yn', 'locked_until'])
        .where('site_id', '=', siteId)
        .where('mem_id', '=', memId)
        .where('login_type', '<>', 'HOUSE')
        .executeTakeFirst()
    : undefined;
  const m = found && (found.login_type !== 'ADMIN' || input.loginPage === 'admin') ? found : undefined;
  const device = m ? await trustedDevice(db, m.id, await deviceNonce(db, siteId, m.mem_id, env.cookie)) : null;
  const account = m && { passHash: m.pass_hash, trusted: !!device, locked: isLocked(device ? device.lockedUntil : m.locked_until, now) };
  const verdict = await passwordStep(doorOf(env), account, memPass);
  // a solved challenge is not bound by the account's lock, even one a parallel wrong try sets meanwhile
  const passedLock = verdict.passedLock || env.proved;
  if (!m) throw new ApiError('L001');
  if (!verdict.right) throw await countFailure(env, m.id, device, 'L001');
  const staffAccount = isPartnerLogin(m.login_type) || m.login_type === 'ADMIN';
  if (!screenCaptcha && staffAccount && !(await consumeCaptcha(db, siteId, input.captchaId, input.captcha, now))) throw new ApiError('L002');
  // with a second factor the wrong-password count is cleared only after the code: a right password
  // must not reset the count that wrong codes raise
  const second = await secondStepOf(db, siteId, m);
  if (second !== 'code' && !(await clearFailures(env, m.id, device, passedLock))) throw await lockedNow(env, device);

  if (m.status === 'PENDING') throw new ApiError('U002');
  if (m.login_yn === 'N') throw new ApiError('U010');
  // the player's own break or self-exclusion: no operator switch above lifts it
  await refuseWhenOnBreak(db, m.id, now);
  if (input.loginPage === 'partner' && !isPartnerLogin(m.login_type)) throw new ApiError('L003');
  if (input.loginPage === 'admin' && m.login_type !== 'ADMIN') throw new ApiError('L003');
  if (second) throw new ApiError(second === 'code' ? 'L006' : 'L008', undefined, await issueTicket(db, siteId, m.id, second, now));
  return openSession(env, m, device, passedLock);
}

/**
 * A wrong password or a wrong second-factor code, counted the same way: on the trusted device's
 * own row (U003 from the try that locks it), or on the account. An untrusted wrong password answers
 * L001 even when it locks: a made-up id answers so too, and the lock only asks later tries for a
 * challenge. A wrong code that locks answers U003.
 */
export async function countFailure(env: LoginEnv, memberId: number, device: Device | null, code: 'L001' | 'L007'): Promise<ApiError> {
  const { db, siteId, now } = env;
  await recordLoginFailure(db, { siteId, memberId, ip: env.ip, trusted: !!device, at: now });
  // the attempt that crosses the limit already answers "locked"
  if (device) return new ApiError((await recordDeviceFailure(db, device.id, now, env.lockMinutes)) ? 'U003' : code);
  // the operator's lock is set by untrusted failures once a window: renewed forever, it would keep
  // the operator out of any new browser; the per-address limits and challenges still bound guessing
  const operator = (await db.selectFrom('member').select('login_type').where('id', '=', memberId).executeTakeFirst())?.login_type === 'ADMIN';
  const onceSince = operator ? new Date(now.getTime() - limits.operatorLockWindowHours * 3_600_000) : null;
  const r = await recordWrongPassword(db, env.sessions, memberId, now, env.lockMinutes, false, onceSince);
  // a wrong code comes from someone who holds the password (the id is no secret to it): it hears of the lock
  return new ApiError(r.locked && code === 'L007' ? 'U003' : code);
}

/**
 * Clears the count after a full sign-in; false when a lock holds. `passedLock`: a solved challenge
 * or a recovery code passed the account's lock, which this sign-in ends.
 */
export const clearFailures = async (env: LoginEnv, memberId: number, device: Device | null, passedLock = false) =>
  device ? clearDevice(env.db, device.id, env.now) : clearWrongPasswords(env.db, memberId, env.now, passedLock);

/** A lock a parallel wrong try set meanwhile: the device's own is U003, the account's asks a challenge. */
export const lockedNow = async (env: LoginEnv, device: Device | null) => (device ? new ApiError('U003') : challengeAgain(doorOf(env)));

/** What must follow a right password: a code (enrolled), enrolment (an operator the site requires it of), or nothing. */
async function secondStepOf(db: Db, siteId: string, m: { id: number; login_type: string }): Promise<TicketPurpose | null> {
  if (await twoFactorOn(db, m.id)) return 'code';
  if (m.login_type === 'ADMIN' && (await adminTwoFactorRequired(db, siteId))) return 'enrol';
  return null;
}

/**
 * Opens the session of a fully signed-in member: the member's other sessions end (one live
 * session per member), and an untrusted device gets its device cookie (`setCookie`), as does one
 * whose cookie a rotated-out key signed.
 */
export async function openSession(
  env: LoginEnv,
  m: { id: number; mem_id: string },
  device: Device | null,
  passedLock = false,
): Promise<{ answer: LoginAnswer; setCookie: string | null }> {
  const { db, siteId, now } = env;
  const token = newToken();
  const expiresAt = cappedExpiry(now, now, env.sessionMaxHours, limits.sessionMinutes);
  const ended = await db.transaction().execute(async (trx) => {
    // the row lock serialises concurrent logins of one member, so exactly one session survives,
    // and orders this login against a parallel wrong try that locks the member
    const row = await trx.selectFrom('member').select('locked_until').where('id', '=', m.id).forUpdate().executeTakeFirstOrThrow();
    if (!device && !passedLock && isLocked(row.locked_until, now)) return null;
    const old = await endSessions(trx, env.sessions, { memberId: m.id }, now, 'superseded');
    await trx
      .insertInto('session')
      .values({ site_id: siteId, member_id: m.id, token_hash: hashToken(token), ip: env.ip, created_at: now, expires_at: expiresAt })
      .execute();
    await trx.insertInto('login_log').values({ site_id: siteId, member_id: m.id, access_ip: env.ip, access_date: now }).execute();
    await trx
      .updateTable('member')
      .set((eb) => ({ last_login_at: now, last_login_ip: env.ip, login_count: eb('login_count', '+', 1) }))
      .where('id', '=', m.id)
      .execute();
    return old;
  });
  if (!ended) throw await lockedNow(env, device);
  for (const id of ended) env.live.publish({ siteId, memId: m.mem_id, sessionId: id }, { type: 'LOGOUT' });

  const setCookie = await loginDeviceCookie(db, siteId, m.mem_id, m.id, device, now, env.tls);
  const { member, msgInfo } = await memberInfoAndUnread(db, m.id, now);
  return { answer: { token, ...sessionTimes(expiresAt, now), member, msgInfo }, setCookie };
}
