import { ApiError } from '../../../contract/codes.js';
import { isBlockedNow } from '../site/ipBlock.js';
import { clearFailures, countFailure, openSession, type LoginEnv } from './auth.js';
import { deviceNonce, trustedDevice } from './devices.js';
import { isLocked } from './lockout.js';
import { spendTicket, ticketMember, type TicketPurpose } from './loginTicket.js';
import { checkSecondFactor, confirmEnrolment, startEnrolment } from './twoFactor.js';

/** The member behind a live ticket, with its device; L009 when the ticket is unknown, used or expired. */
async function ticketHolder(env: LoginEnv, ticket: string, purpose: TicketPurpose) {
  const { db, siteId, now } = env;
  if (await isBlockedNow(env, siteId, env.ip)) throw new ApiError('U004');
  const id = await ticketMember(db, siteId, ticket, purpose, now);
  if (!id) throw new ApiError('L009');
  const m = await db.selectFrom('member').select(['id', 'mem_id', 'locked_until', 'login_yn']).where('id', '=', id).executeTakeFirstOrThrow();
  // the operator may have turned the login off since the password step
  if (m.login_yn === 'N') throw new ApiError('U010');
  const device = await trustedDevice(db, m.id, await deviceNonce(db, siteId, m.mem_id, env.cookie));
  if (isLocked(device ? device.lockedUntil : m.locked_until, now)) throw new ApiError('U003');
  return { m, device };
}

/**
 * The second step of a login: a current TOTP code or an unused recovery code. A wrong code counts
 * exactly like a wrong password (the same per-account or per-device lock) and answers L007.
 */
export async function loginWithCode(env: LoginEnv, ticket: string, code: string) {
  const { m, device } = await ticketHolder(env, ticket, 'code');
  if (!(await checkSecondFactor(env.db, m.id, code, env.now))) throw await countFailure(env, m.id, device, 'L007');
  if (!(await clearFailures(env, m.id, device))) throw new ApiError('U003');
  if (!(await spendTicket(env.db, ticket, env.now))) throw new ApiError('L009');
  return openSession(env, m, device);
}

/** An operator required to use two-factor starts enrolment with the login ticket. */
export async function enrolSetupAtLogin(env: LoginEnv, ticket: string, issuer: string) {
  const { m } = await ticketHolder(env, ticket, 'enrol');
  return startEnrolment(env.db, { id: m.id, siteId: env.siteId, memId: m.mem_id }, issuer);
}

/** Confirms that enrolment with a code: the session opens and the recovery codes come with it. */
export async function enrolConfirmAtLogin(env: LoginEnv, ticket: string, code: string) {
  const { m, device } = await ticketHolder(env, ticket, 'enrol');
  const recoveryCodes = await confirmEnrolment(env.db, m.id, code, env.now, true);
  if (!(await spendTicket(env.db, ticket, env.now))) throw new ApiError('L009');
  const { answer, setCookie } = await openSession(env, m, device);
  return { answer: { ...answer, recoveryCodes }, setCookie };
}
