import { ApiError } from '../../../contract/codes.js';
import { isPartnerLogin, limits } from '../../../contract/enums.js';
import type { MemberInfo } from '../../../contract/member.js';
import type { Db } from '../../db/driver.js';
import type { Publisher } from '../../live/publisher.js';
import { memberInfoAndUnread, sessionTimes } from './account.js';
import { consumeCaptcha } from './captcha.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { hashToken, newToken } from './tokens.js';
import { clearWrongPasswords, isLocked, recordWrongPassword } from './lockout.js';
import { cappedExpiry, endSessions } from './sessions.js';
import type { SessionCache } from './sessionCache.js';
import { isBlockedNow } from '../site/ipBlock.js';
import type { UnreadCounts } from '../board/unread.js';
import { recordLoginFailure } from './attack.js';
import { newChallenge } from './challenge.js';
import { addressChallenge } from './addressChallenge.js';
import { clearDevice, deviceNonce, loginDeviceCookie, recordDeviceFailure, trustedDevice, type Device } from './devices.js';
import { issueTicket, type TicketPurpose } from './loginTicket.js';
import { twoFactorOn } from './twoFactor.js';
import { adminTwoFactorRequired } from '../site/twoFactorSetting.js';
import { HashBusy, type Lane } from './hashPool.js';
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

// Unknown ids still pay for one scrypt, so response time does not tell which ids exist.
let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword('decoy-password-never-valid'));

/** L005 with a fresh challenge for the client to solve. */
export const challengeNeeded = async (db: Db, siteId: string) => new ApiError('L005', undefined, { challenge: await newChallenge(db, siteId) });
/** L005 for an address past its limits or a full hash queue: its open challenge (`addressChallenge.ts`). */
const challengeAgain = async (env: LoginEnv) => new ApiError('L005', undefined, { challenge: await addressChallenge(env.db, env.siteId, env.ip) });

/** A hash the pool could not take: the client solves a challenge and comes back in the priority lane. */
async function hashed<T>(env: LoginEnv, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof HashBusy) throw await challengeAgain(env);
    throw e;
  }
}

/**
 * Login in the product's order. A blocked address answers U004. The partner and operator screens
 * check the captcha before anything else, for every id. The operator's id signs in on the
 * operator screen only: anywhere else it answers as an unknown id, after the same scrypt work.
 * Then the password with the temporary wrong-password lock (U003 while locked, even for the
 * right password): a device that signed in to this account before (its device cookie) keeps its
 * own count and lock, and ignores the lock that failures from untrusted devices set. A partner
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
  if (env.challengeRequired && !env.proved) throw await challengeAgain(env);
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
  // only a solved challenge buys the front of the queue: a device cookie is something a flood can hold too
  const lane: Lane = env.proved ? 'priority' : 'free';
  if (!m || !memPass) {
    await hashed(env, async () => verifyPassword(memPass || 'x', await decoy(), lane, env.ip));
    throw new ApiError('L001');
  }
  if (isLocked(device ? device.lockedUntil : m.locked_until, now)) throw new ApiError('U003');
  if (!(await hashed(env, () => verifyPassword(memPass, m.pass_hash, lane, env.ip)))) {
    throw await countFailure(env, m.id, device, 'L001');
  }
  const staffAccount = isPartnerLogin(m.login_type) || m.login_type === 'ADMIN';
  if (!screenCaptcha && staffAccount && !(await consumeCaptcha(db, siteId, input.captchaId, input.captcha, now))) throw new ApiError('L002');
  // with a second factor the wrong-password count is cleared only after the code: a right password
  // must not reset the count that wrong codes raise
  const second = await secondStepOf(db, siteId, m);
  if (second !== 'code' && !(await clearFailures(env, m.id, device))) throw new ApiError('U003');

  if (m.status === 'PENDING') throw new ApiError('U002');
  if (m.login_yn === 'N') throw new ApiError('U010');
  // the player's own break or self-exclusion: no operator switch above lifts it
  await refuseWhenOnBreak(db, m.id, now);
  if (input.loginPage === 'partner' && !isPartnerLogin(m.login_type)) throw new ApiError('L003');
  if (input.loginPage === 'admin' && m.login_type !== 'ADMIN') throw new ApiError('L003');
  if (second) throw new ApiError(second === 'code' ? 'L006' : 'L008', undefined, await issueTicket(db, siteId, m.id, second, now));
  return openSession(env, m, device);
}

/**
 * A wrong password or a wrong second-factor code, counted the same way: on the trusted device's
 * own row, or on the account. Answers the error to throw (U003 from the try that locks).
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
  return new ApiError(r.locked ? 'U003' : code);
}

/** Clears the count after a full sign-in; false when a lock holds. */
export const clearFailures = async (env: LoginEnv, memberId: number, device: Device | null) =>
  device ? clearDevice(env.db, device.id, env.now) : clearWrongPasswords(env.db, memberId, env.now);

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
export async function openSession(env: LoginEnv, m: { id: number; mem_id: string }, device: Device | null): Promise<{ answer: LoginAnswer; setCookie: string | null }> {
  const { db, siteId, now } = env;
  const token = newToken();
  const expiresAt = cappedExpiry(now, now, env.sessionMaxHours, limits.sessionMinutes);
  const ended = await db.transaction().execute(async (trx) => {
    // the row lock serialises concurrent logins of one member, so exactly one session survives,
    // and orders this login against a parallel wrong try that locks the member
    const row = await trx.selectFrom('member').select('locked_until').where('id', '=', m.id).forUpdate().executeTakeFirstOrThrow();
    if (!device && isLocked(row.locked_until, now)) throw new ApiError('U003');
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
  for (const id of ended) env.live.publish({ siteId, memId: m.mem_id, sessionId: id }, { type: 'LOGOUT' });

  const setCookie = await loginDeviceCookie(db, siteId, m.mem_id, m.id, device, now, env.tls);
  const { member, msgInfo } = await memberInfoAndUnread(db, m.id, now);
  return { answer: { token, ...sessionTimes(expiresAt, now), member, msgInfo }, setCookie };
}
