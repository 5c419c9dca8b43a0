import { ApiError } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import { issueRecoveryCodes, recoveryCodesLeft, useRecoveryCode } from './recoveryCodes.js';
import { codeStep, enrolmentOf, newTotpSecret, takeStep, totpNow } from './totp.js';
import { openSecret, sealSecret } from './totpSecret.js';

/** Whether the member signs in with a second factor. */
export async function twoFactorOn(db: Db, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('member_totp').select('enabled_at').where('member_id', '=', memberId).executeTakeFirst();
  return !!row?.enabled_at;
}

export async function twoFactorState(db: Db, memberId: number) {
  const on = await twoFactorOn(db, memberId);
  return { otpYn: on ? ('Y' as const) : ('N' as const), recoveryLeft: on ? await recoveryCodesLeft(db, memberId) : 0 };
}

/**
 * Starts (or restarts) an enrolment: a new secret kept as pending until a code confirms it. The
 * secret is answered here, once, and never again after enrolment. OT001 when already on.
 */
export async function startEnrolment(db: Db, m: { id: number; siteId: string; memId: string }, issuer: string) {
  if (await twoFactorOn(db, m.id)) throw new ApiError('OT001');
  const secret = newTotpSecret();
  const pending = await sealSecret(db, secret);
  await db
    .insertInto('member_totp')
    .values({ member_id: m.id, site_id: m.siteId, pending_secret: pending })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ pending_secret: pending }))
    .execute();
  return enrolmentOf(secret, issuer, m.memId);
}

/**
 * Confirms the pending secret with a current code (L007 when wrong) and answers ten recovery codes.
 * The step before the code's is recorded as the last used, not the code's own: confirming proves
 * the phone holds the secret but signs nobody in, so the same code still opens the first sign-in
 * in its window (then that step is taken and a true replay is refused). Recording the step itself
 * refused that sign-in with L007 although nothing was replayed. `asSignIn` (enrolling as the second
 * step of a login) takes the step itself, since that code did sign in.
 */
export async function confirmEnrolment(db: Db, memberId: number, code: string, now: Date, asSignIn = false): Promise<string[]> {
  const row = await db.selectFrom('member_totp').select(['pending_secret', 'enabled_at']).where('member_id', '=', memberId).executeTakeFirst();
  if (row?.enabled_at) throw new ApiError('OT001');
  if (!row?.pending_secret) throw new ApiError('OT003');
  const step = await codeStep(await openSecret(db, row.pending_secret), code, totpNow());
  if (step === null) throw new ApiError('L007');
  const done = await db
    .updateTable('member_totp')
    .set({ secret: row.pending_secret, pending_secret: null, enabled_at: now, last_step: asSignIn ? step : step - 1 })
    .where('member_id', '=', memberId)
    .where('pending_secret', '=', row.pending_secret)
    .where('enabled_at', 'is', null)
    .returning('member_id')
    .executeTakeFirst();
  if (!done) throw new ApiError('OT003');
  return issueRecoveryCodes(db, memberId);
}

/** A current code (never one used before) or an unused recovery code; false when neither. */
export async function checkSecondFactor(db: Db, memberId: number, code: string, now: Date): Promise<boolean> {
  const row = await db.selectFrom('member_totp').select(['secret', 'last_step', 'enabled_at']).where('member_id', '=', memberId).executeTakeFirst();
  if (!row?.enabled_at || !row.secret) return false;
  const typed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(typed)) {
    const step = await codeStep(await openSecret(db, row.secret), typed, totpNow(), Number(row.last_step));
    return step !== null && (await takeStep(db, memberId, step));
  }
  return useRecoveryCode(db, memberId, typed, now);
}

/** Turns two-factor off: the secret, the pending enrolment and the recovery codes go. */
export async function removeTwoFactor(db: Db, memberId: number) {
  await db.deleteFrom('member_totp').where('member_id', '=', memberId).execute();
  await db.deleteFrom('totp_recovery').where('member_id', '=', memberId).execute();
  await db.deleteFrom('login_ticket').where('member_id', '=', memberId).execute();
}

/** Whether the operator's home still offers two-factor: it is off and the offer was never put off. */
export async function twoFactorOffered(db: Db, memberId: number): Promise<boolean> {
  if (await twoFactorOn(db, memberId)) return false;
  const m = await db.selectFrom('member').select('otp_offer_later_at').where('id', '=', memberId).executeTakeFirstOrThrow();
  return m.otp_offer_later_at === null;
}

/** "Later" on the offer: it is not made again; the first time it was put off is kept. */
export async function putOffTwoFactorOffer(db: Db, memberId: number, now: Date) {
  await db.updateTable('member').set({ otp_offer_later_at: now }).where('id', '=', memberId).where('otp_offer_later_at', 'is', null).execute();
}

/** The operator's reset of a member's two-factor: U001 for no such member or a house account, OT002 when it is off. Answers the member's login id. */
export async function resetTwoFactor(db: Db, siteId: string, memId: string): Promise<string> {
  const m = await db.selectFrom('member').select(['id', 'mem_id', 'login_type']).where('site_id', '=', siteId).where('mem_id', '=', memId).executeTakeFirst();
  if (!m || m.login_type === 'HOUSE') throw new ApiError('U001');
  if (!(await twoFactorOn(db, m.id))) throw new ApiError('OT002');
  await removeTwoFactor(db, m.id);
  return m.mem_id;
}
