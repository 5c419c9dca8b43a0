import { ApiError } from '../../../contract/codes.js';
import { INVITE_HOURS } from '../../../contract/platformSiteRules.js';
import { isMemId, isPlatformPassword } from '../../../contract/validate.js';
import type { Deps } from '../deps.js';
import type { Db } from '../../db/driver.js';
import { createMember } from '../auth/members.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { toWire } from '../common/time.js';

type Ctx = Pick<Deps, 'db' | 'clock'>;

/**
 * A fresh one-time invitation for a site's first operator: every unused one of the site stops
 * working, only the new token's sha-256 is kept, and the token is answered once (the console shows
 * the link). Runs in the caller's transaction when given one (a site's opening).
 */
export async function issueInvite(db: Db, siteId: string, by: number, now: Date) {
  const token = newToken();
  const expires = new Date(now.getTime() + INVITE_HOURS * 3_600_000);
  await db.updateTable('site_invite').set({ expires_at: now }).where('site_id', '=', siteId).where('used_at', 'is', null).where('expires_at', '>', now).execute();
  await db
    .insertInto('site_invite')
    .values({ site_id: siteId, token_hash: hashToken(token), created_by: by, expires_at: expires })
    .execute();
  return { token, expiresAt: toWire(expires) };
}

/** How many operator accounts the site has (a fresh invitation makes one more). */
export async function operatorCount(db: Db, siteId: string) {
  const r = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('site_id', '=', siteId)
    .where('login_type', '=', 'ADMIN')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The site of a prefix, else S404. */
export async function siteOfPrefix(db: Db, prefix: string) {
  const site = await db.selectFrom('site').select(['id', 'name']).where('prefix', '=', prefix).executeTakeFirst();
  if (!site) throw new ApiError('S404');
  return site;
}

/**
 * The invitation of a token still usable now on this site, else PF023 (unknown, another site's,
 * used, expired, replaced, revoked, or its maker removed from the platform since).
 */
async function usableInvite(db: Db, siteId: string, token: string, now: Date) {
  const row = await db
    .selectFrom('site_invite as i')
    .leftJoin('platform_account as a', 'a.id', 'i.created_by')
    .select('i.id')
    .where('i.token_hash', '=', hashToken(token))
    .where('i.site_id', '=', siteId)
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', now)
    .where('a.removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new ApiError('PF023');
  return row;
}

export async function checkInvite({ db, clock }: Ctx, prefix: string, token: string) {
  const site = await siteOfPrefix(db, prefix).catch(() => {
    throw new ApiError('PF023');
  });
  await usableInvite(db, site.id, token, clock.now());
  return { siteName: site.name };
}

interface Accept {
  prefix: string;
  token: string;
  memId: string;
  password: string;
  passwordCheck: string;
}

/**
 * The invited operator's account: the site's member rule for the id (U101), the platform's for the
 * password (PF004: the operator moves every player's money), the check (U113), before anything; the invitation is taken in the same transaction as the account is
 * made, once. The operator then signs in at /{prefix}/admin/login like any operator.
 */
export async function acceptInvite({ db, clock }: Ctx, f: Accept) {
  const now = clock.now();
  const site = await siteOfPrefix(db, f.prefix).catch(() => {
    throw new ApiError('PF023');
  });
  const invite = await usableInvite(db, site.id, f.token, now);
  if (!isMemId(f.memId)) throw new ApiError('U101');
  if (!isPlatformPassword(f.password)) throw new ApiError('PF004');
  if (f.password !== f.passwordCheck) throw new ApiError('U113');
  const taken = await db.selectFrom('member').select('id').where('site_id', '=', site.id).where('mem_id', '=', f.memId).executeTakeFirst();
  if (taken) throw new ApiError('U109');
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('site_invite')
      .set({ used_at: now })
      .where('id', '=', invite.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw new ApiError('PF023');
    await createMember(trx, { siteId: site.id, memId: f.memId, password: f.password, memNick: f.memId, partnerLevel: 'NORMAL', loginType: 'ADMIN' });
  });
}
