import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import { isPlatformId, isPlatformPassword } from '../../../contract/validate.js';
import type { Deps } from '../deps.js';
import type { Db } from '../../db/driver.js';
import { hashPassword } from '../auth/passwords.js';
import { hashRecoveryCode, newRecoveryCode } from '../auth/recoveryCodes.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { codeStep, enrolmentOf, newTotpSecret, totpNow } from '../auth/totp.js';
import { openSecret, sealSecret } from '../auth/totpSecret.js';
import { platformAudit } from './platformAudit.js';

type Ctx = Pick<Deps, 'db' | 'clock'> & { ip?: string | null };

/** A setup link lives one hour. */
export const SETUP_MINUTES = 60;
export const ISSUER = 'Pitboss platform';

export async function hasOwner(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('platform_account').select('id').where('role', '=', 'owner').executeTakeFirst());
}

/**
 * While no owner exists, every start makes a fresh setup token and answers it (for the one line
 * the start prints); every older one stops working. Only its sha-256 is kept. Undefined once an
 * owner exists.
 */
export async function issueSetupToken({ db, clock }: Ctx): Promise<string | undefined> {
  if (await hasOwner(db)) return undefined;
  const token = newToken();
  const expires = new Date(clock.now().getTime() + SETUP_MINUTES * 60_000);
  const pending = await sealSecret(db, newTotpSecret());
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('platform_setup').execute();
    await trx
      .insertInto('platform_setup')
      .values({ token_hash: hashToken(token), pending_secret: pending, expires_at: expires })
      .execute();
  });
  return token;
}

/** The setup row of a token still usable now, else PF002 (unknown, used, expired, replaced, or an owner exists). */
async function usableSetup({ db, clock }: Ctx, token: string) {
  const row = await db
    .selectFrom('platform_setup')
    .select(['token_hash', 'pending_secret'])
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock.now())
    .executeTakeFirst();
  if (!row || (await hasOwner(db))) throw new ApiError('PF002');
  return row;
}

export async function setupEnrolment(ctx: Ctx, token: string) {
  const row = await usableSetup(ctx, token);
  return enrolmentOf(await openSecret(ctx.db, row.pending_secret), ISSUER, 'owner');
}

interface OwnerForm {
  token: string;
  loginId: string;
  password: string;
  passwordCheck: string;
  otpCode: string;
}

/**
 * Makes the owner. Every check comes before any change: the link, the id, the password, and a
 * current code of the enrolment the link showed (so the owner's authenticator works before the
 * account exists). The link is taken in the same transaction as the account is made, once.
 */
export async function createOwner(ctx: Ctx, f: OwnerForm): Promise<string[]> {
  const row = await usableSetup(ctx, f.token);
  if (!isPlatformId(f.loginId)) throw new ApiError('PF003');
  if (!isPlatformPassword(f.password)) throw new ApiError('PF004');
  if (f.password !== f.passwordCheck) throw new ApiError('U113');
  const secret = await openSecret(ctx.db, row.pending_secret);
  const now = ctx.clock.now();
  const step = await codeStep(secret, f.otpCode, totpNow());
  if (step === null) throw new ApiError('L007');
  const passHash = await hashPassword(f.password);
  const codes = Array.from({ length: 10 }, newRecoveryCode);
  const made = await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('platform_setup')
      .set({ used_at: now })
      .where('token_hash', '=', row.token_hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('token_hash')
      .executeTakeFirst();
    if (!taken) return null;
    // the partial unique index keeps a second owner out even if two links raced
    const account = await trx
      .insertInto('platform_account')
      .values({ login_id: f.loginId, pass_hash: passHash, role: 'owner', totp_secret: row.pending_secret, totp_step: step })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!account) return null;
    await trx
      .insertInto('platform_recovery')
      .values(codes.map((c) => ({ account_id: account.id, code_hash: hashRecoveryCode(c) })))
      .execute();
    return account;
  });
  if (!made) throw new ApiError('PF002');
  await platformAudit(ctx, { id: made.id, loginId: f.loginId }, 'setup');
  return codes;
}

/** Whether any site exists: with none, a site address answers "not set up yet" (PF001). */
export async function anySite(db: Db): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`select 1 as one from site limit 1`.execute(db);
  return rows.length > 0;
}
