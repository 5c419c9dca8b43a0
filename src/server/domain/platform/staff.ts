import { ApiError } from '../../../contract/codes.js';
import { isPlatformId, isPlatformPassword } from '../../../contract/validate.js';
import { INVITE_HOURS } from '../../../contract/platformSiteRules.js';
import type { Deps } from '../deps.js';
import { hashPassword } from '../auth/passwords.js';
import { hashRecoveryCode, newRecoveryCode } from '../auth/recoveryCodes.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { codeStep, enrolmentOf, newTotpSecret, totpNow } from '../auth/totp.js';
import { openSecret, sealSecret } from '../auth/totpSecret.js';
import { toWire } from '../common/time.js';
import { voidInvitationsOf } from './invitations.js';
import { platformAudit, type PlatformActor } from './platformAudit.js';
import { ISSUER } from './setup.js';

type Ctx = Pick<Deps, 'db' | 'clock'> & { ip?: string | null };

/** The signed-in platform account as platformCaller answers it. */
interface Caller {
  accountId: number;
  login_id: string;
  role: 'owner' | 'staff';
}

const actor = (me: Caller): PlatformActor => ({ id: me.accountId, loginId: me.login_id });

/** Inviting and removing staff is the owner's alone (PF005). */
function ownerOnly(me: Caller) {
  if (me.role !== 'owner') throw new ApiError('PF005');
}

export async function staffList({ db }: Ctx, me: Caller) {
  const rows = await db.selectFrom('platform_account').select(['login_id', 'role', 'created_at']).where('removed_at', 'is', null).orderBy('id').execute();
  return {
    me: { loginId: me.login_id, role: me.role },
    list: rows.map((r) => ({ loginId: r.login_id, role: r.role, createdAt: toWire(r.created_at) })),
  };
}

/** A fresh one-time link: only its sha-256 and the sealed enrolment it will show are kept. */
export async function inviteStaff(ctx: Ctx, me: Caller) {
  ownerOnly(me);
  const token = newToken();
  const expires = new Date(ctx.clock.now().getTime() + INVITE_HOURS * 3_600_000);
  await ctx.db
    .insertInto('platform_staff_invite')
    .values({ token_hash: hashToken(token), pending_secret: await sealSecret(ctx.db, newTotpSecret()), created_by: me.accountId, expires_at: expires })
    .execute();
  // the link itself never: whoever reads the chain could take it
  await platformAudit(ctx, actor(me), 'staff.invite', { expiresAt: toWire(expires) });
  return { invite: { token, expiresAt: toWire(expires) } };
}

/** Removes a staff member: never signs in again, every open session of theirs ends now, and so does every open invitation it made. */
export async function removeStaff(ctx: Ctx, me: Caller, loginId: string) {
  ownerOnly(me);
  const now = ctx.clock.now();
  const gone = await ctx.db.transaction().execute(async (trx) => {
    const acc = await trx
      .updateTable('platform_account')
      .set({ removed_at: now })
      .where('login_id', '=', loginId)
      .where('role', '=', 'staff')
      .where('removed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!acc) return null;
    await trx.updateTable('platform_session').set({ ended_at: now }).where('account_id', '=', acc.id).where('ended_at', 'is', null).execute();
    return { voided: await voidInvitationsOf(trx, acc.id, now) };
  });
  if (!gone) throw new ApiError('PF007');
  await platformAudit(ctx, actor(me), 'staff.remove', { loginId, invitesVoided: gone.voided });
}

/** The invitation of a token still usable now, else PF006 (unknown, used, expired, revoked, its maker removed). */
async function usableInvite({ db, clock }: Ctx, token: string) {
  const row = await db
    .selectFrom('platform_staff_invite as i')
    .innerJoin('platform_account as a', 'a.id', 'i.created_by')
    .select(['i.id', 'i.pending_secret'])
    .where('i.token_hash', '=', hashToken(token))
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', clock.now())
    .where('a.removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new ApiError('PF006');
  return row;
}

export async function staffEnrolment(ctx: Ctx, token: string) {
  const row = await usableInvite(ctx, token);
  return enrolmentOf(await openSecret(ctx.db, row.pending_secret), ISSUER, 'staff');
}

interface JoinForm {
  token: string;
  loginId: string;
  password: string;
  passwordCheck: string;
  otpCode: string;
}

/**
 * The staff account: every check before any change (the link, the id, the password, a current code
 * of the link's enrolment); the link is taken in the same transaction as the account is made, once.
 */
export async function joinStaff(ctx: Ctx, f: JoinForm): Promise<string[]> {
  const row = await usableInvite(ctx, f.token);
  if (!isPlatformId(f.loginId)) throw new ApiError('PF003');
  if (!isPlatformPassword(f.password)) throw new ApiError('PF004');
  if (f.password !== f.passwordCheck) throw new ApiError('U113');
  const taken = await ctx.db.selectFrom('platform_account').select('id').where('login_id', '=', f.loginId).executeTakeFirst();
  if (taken) throw new ApiError('U109');
  const step = await codeStep(await openSecret(ctx.db, row.pending_secret), f.otpCode, totpNow());
  if (step === null) throw new ApiError('L007');
  const passHash = await hashPassword(f.password);
  const codes = Array.from({ length: 10 }, newRecoveryCode);
  const now = ctx.clock.now();
  const made = await ctx.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('platform_staff_invite')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!used) return null;
    const account = await trx
      .insertInto('platform_account')
      .values({ login_id: f.loginId, pass_hash: passHash, role: 'staff', totp_secret: row.pending_secret, totp_step: step })
      .onConflict((oc) => oc.column('login_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!account) throw new ApiError('U109');
    await trx
      .insertInto('platform_recovery')
      .values(codes.map((c) => ({ account_id: account.id, code_hash: hashRecoveryCode(c) })))
      .execute();
    return account;
  });
  if (!made) throw new ApiError('PF006');
  await platformAudit(ctx, { id: made.id, loginId: f.loginId }, 'staff.join');
  return codes;
}
