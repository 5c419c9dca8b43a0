import { ApiError } from '../../../contract/codes.js';
import { isBlockedNow } from '../site/ipBlock.js';
import { clearFailures, countFailure, lockedNow, openSession, type LoginEnv } from './auth.js';
import { deviceNonce, trustedDevice } from './devices.js';
import { isLocked } from './lockout.js';
import { spendTicket, ticketMember, type TicketPurpose } from './loginTicket.js';
import { checkSecondFactor, confirmEnrolment, startEnrolment } from './twoFactor.js';

const isRecoveryCode = (code: string) => !/^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * The member behind a live ticket, with its device; L009 when the ticket is unknown, used or
 * expired. A ticket earned while the account's lock held (its password step passed it with a
 * solved challenge) is not refused for that lock, but allows one code (`passedLock`); a lock set
 * after the ticket (wrong codes) refuses it (U003), a recovery code excepted: the owner's way back.
 */
async function ticketHolder(env: LoginEnv, ticket: string, purpose: TicketPurpose, code = '') {
  const { db, siteId, now } = env;
  if (await isBlockedNow(env, siteId, env.ip)) throw new ApiError('U004');
  const t = await ticketMember(db, siteId, ticket, purpose, now);
  if (!t) throw new ApiError('L009');
  const m = await db.selectFrom('member').select(['id', 'mem_id', 'locked_until', 'lock_set_at', 'login_yn']).where('id', '=', t.memberId).executeTakeFirstOrThrow();
  // the operator may have turned the login off since the password step
  if (m.login_yn === 'N') throw new ApiError('U010');
  const device = await trustedDevice(db, m.id, await deviceNonce(db, siteId, m.mem_id, env.cookie));
  if (device) {
    if (isLocked(device.lockedUntil, now)) throw new ApiError('U003');
    return { m, device, passedLock: false };
  }
  if (!isLocked(m.locked_until, now)) return { m, device, passedLock: false };
  const passedLock = !!m.lock_set_at && new Date(m.lock_set_at).getTime() <= t.issuedAt.getTime();
  if (!passedLock && !(purpose === 'code' && isRecoveryCode(code))) throw new ApiError('U003');
  return { m, device, passedLock: true };
}

/**
 * The second step of a login: a current TOTP code or an unused recovery code. A wrong code counts
 * exactly like a wrong password (the same per-account or per-device lock) and answers L007.
 */
export async function loginWithCode(env: LoginEnv, ticket: string, code: string) {
  const { m, device, passedLock } = await ticketHolder(env, ticket, 'code', code);
  if (!(await checkSecondFactor(env.db, m.id, code, env.now))) {
    // past a lock, one guess a ticket: each guess at the code costs a solved challenge and the password
    if (passedLock) await spendTicket(env.db, ticket, env.now);
    throw await countFailure(env, m.id, device, 'L007');
  }
  if (!(await clearFailures(env, m.id, device, passedLock))) throw await lockedNow(env, device);
  if (!(await spendTicket(env.db, ticket, env.now))) throw new ApiError('L009');
  return openSession(env, m, device, passedLock);
}

/** An operator required to use two-factor starts enrolment with the login ticket. */
export async function enrolSetupAtLogin(env: LoginEnv, ticket: string, issuer: string) {
  const { m } = await ticketHolder(env, ticket, 'enrol');
  return startEnrolment(env.db, { id: m.id, siteId: env.siteId, memId: m.mem_id }, issuer);
}

/** Confirms that enrolment with a code: the session opens and the recovery codes come with it. */
export async function enrolConfirmAtLogin(env: LoginEnv, ticket: string, code: string) {
  const { m, device, passedLock } = await ticketHolder(env, ticket, 'enrol');
  const recoveryCodes = await confirmEnrolment(env.db, m.id, code, env.now, true);
  if (!(await spendTicket(env.db, ticket, env.now))) throw new ApiError('L009');
  const { answer, setCookie } = await openSession(env, m, device, passedLock);
  return { answer: { ...answer, recoveryCodes }, setCookie };
}
