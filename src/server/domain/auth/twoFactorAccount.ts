import { ApiError } from '../../../contract/codes.js';
import { clearWrongPasswords } from './lockout.js';
import { confirmPassword, countWrong, type ReauthEnv, type ReauthMember } from './reauth.js';
import { checkSecondFactor, removeTwoFactor, twoFactorOn } from './twoFactor.js';

/**
 * Turning two-factor on starts with the current password (or a re-authentication within
 * reauthMinutes) before any secret is shown, so a stolen session alone cannot enrol the thief's
 * authenticator and lock the owner out. A wrong one counts toward the login lock like a wrong
 * password in the account edit (U121; the lock ends the session).
 */
export async function startTwoFactor<T>(env: ReauthEnv, member: ReauthMember, memPass: string | undefined, enrol: () => Promise<T>): Promise<T> {
  if (await twoFactorOn(env.db, member.id)) throw new ApiError('OT001');
  await confirmPassword(env, member, memPass);
  return enrol();
}

/**
 * Turning two-factor off from the account screen takes the password (or a recent
 * re-authentication) and a current (or recovery) code. Either wrong counts toward the login lock
 * like a wrong password in the account edit (U121 / L007; the lock ends the session), so a stolen
 * session cannot strip the second factor.
 */
export async function disableTwoFactor(env: ReauthEnv, member: ReauthMember, memPass: string | undefined, code: string) {
  const { db, now } = env;
  if (!(await twoFactorOn(db, member.id))) throw new ApiError('OT002');
  await confirmPassword(env, member, memPass, true);
  if (!(await checkSecondFactor(db, member.id, code, now))) throw await countWrong(env, member, 'L007');
  if (!(await clearWrongPasswords(db, member.id, now))) throw new ApiError('U003');
  await removeTwoFactor(db, member.id);
}
