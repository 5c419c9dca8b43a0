import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import { limits } from '../../../contract/enums.js';
import type { Deps } from '../deps.js';
import { isLocked } from '../auth/lockout.js';
import { passwordStep, PLATFORM_SCOPE } from '../auth/door.js';
import { hashRecoveryCode } from '../auth/recoveryCodes.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { codeStep, totpNow } from '../auth/totp.js';
import { openSecret } from '../auth/totpSecret.js';
import { platformAudit } from './platformAudit.js';

type Ctx = Pick<Deps, 'db' | 'clock' | 'config'> & { ip?: string | null };
/** The throttle's verdict on a sign-in (`http/throttle.ts`), as every login door gets it. */
type Verdict = { proved?: boolean; challengeRequired?: boolean; idOverLimit?: boolean };

/** A platform session ends this long after sign-in, however it is used. */
const SESSION_MINUTES = 120;

/**
 * Counts a wrong password or code by the members' rule: past `maxWrongPasswords` the account locks
 * for lockMinutes, which asks untrusted tries for a challenge (`door.ts`); an ended lock starts again.
 */
async function recordWrong({ db, config }: Ctx, id: number, now: Date) {
  const until = new Date(now.getTime() + config.lockMinutes * 60_000);
  await sql`
    update platform_account set
      failed = case when locked_until > ${now} then failed when locked_until is not null then 1 else failed + 1 end,
      locked_until = case
        when locked_until > ${now} then locked_until
        when (case when locked_until is not null then 1 else failed + 1 end) > ${limits.maxWrongPasswords} then ${until}::timestamptz
        else null end
    where id = ${id}`.execute(db);
}

/** Whether the code is one of the account's unused recovery codes (one indexed look-up; nothing spent). */
async function holdsRecoveryCode({ db }: Ctx, id: number, code: string) {
  if (/^\d{6}$/.test(code.replace(/\s/g, ''))) return false;
  const row = await db
    .selectFrom('platform_recovery')
    .select('id')
    .where('account_id', '=', id)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return !!row;
}

/** A code is right once: its time step must come after the last one used (one statement). */
async function takeCode({ db }: Ctx, id: number, secret: string, code: string, lastStep: number, now: Date): Promise<boolean> {
  // the authenticator runs on real time, whatever the server's (test-moved) clock says
  const step = await codeStep(secret, code, totpNow(), lastStep);
  if (step !== null) {
    const r = await db.updateTable('platform_account').set({ totp_step: step }).where('id', '=', id).where('totp_step', '<', step).returning('id').executeTakeFirst();
    return !!r;
  }
  const used = await db
    .updateTable('platform_recovery')
    .set({ used_at: now })
    .where('account_id', '=', id)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!used;
}

/**
 * Password and code in one step, through the password step every login door shares (`door.ts`):
 * the throttle counted the try first; an unproved one hashes in the free lane; an unknown id
 * answers L001 after a dummy hash, as a wrong password does; the lock asks untrusted tries for a
 * challenge (L005) and lets a solved challenge or a recovery code through. A wrong code answers L007.
 */
export async function platformLogin(ctx: Ctx & Verdict, f: { loginId: string; password: string; otpCode: string }, ip: string) {
  const now = ctx.clock.now();
  // a removed staff account answers as an unknown id
  const acc = await ctx.db.selectFrom('platform_account').selectAll().where('login_id', '=', f.loginId).where('removed_at', 'is', null).executeTakeFirst();
  const door = { db: ctx.db, scope: PLATFORM_SCOPE, ip, proved: !!ctx.proved, challengeRequired: !!ctx.challengeRequired, idOverLimit: !!ctx.idOverLimit };
  const locked = !!acc && isLocked(acc.locked_until, now);
  const account = acc && { passHash: acc.pass_hash, trusted: false, locked, recovery: locked && (await holdsRecoveryCode(ctx, acc.id, f.otpCode)) };
  const { right } = await passwordStep(door, account, f.password);
  if (!acc) throw new ApiError('L001');
  if (!right) {
    await recordWrong(ctx, acc.id, now);
    throw new ApiError('L001');
  }
  if (!(await takeCode(ctx, acc.id, await openSecret(ctx.db, acc.totp_secret), f.otpCode, Number(acc.totp_step), now))) {
    await recordWrong(ctx, acc.id, now);
    throw new ApiError('L007');
  }
  await ctx.db.updateTable('platform_account').set({ failed: 0, locked_until: null }).where('id', '=', acc.id).execute();
  const token = newToken();
  await ctx.db
    .insertInto('platform_session')
    .values({ account_id: acc.id, token_hash: hashToken(token), ip, expires_at: new Date(now.getTime() + SESSION_MINUTES * 60_000) })
    .execute();
  await platformAudit({ db: ctx.db, clock: ctx.clock, ip }, { id: acc.id, loginId: acc.login_id }, 'login');
  return { token, loginId: acc.login_id, role: acc.role };
}

/** The platform account of a session token, else TK001 (none) or TK002 (ended or expired). */
export async function platformCaller({ db, clock }: Ctx, token: string | null) {
  if (!token) throw new ApiError('TK001');
  const row = await db
    .selectFrom('platform_session as s')
    .innerJoin('platform_account as a', 'a.id', 's.account_id')
    .select(['s.id', 'a.id as accountId', 'a.login_id', 'a.role'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', clock.now())
    .where('a.removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new ApiError('TK002');
  return row;
}

export async function platformLogout(ctx: Ctx, token: string | null) {
  const s = await platformCaller(ctx, token);
  await ctx.db.updateTable('platform_session').set({ ended_at: ctx.clock.now() }).where('id', '=', s.id).execute();
  await platformAudit(ctx, { id: s.accountId, loginId: s.login_id }, 'logout');
}
