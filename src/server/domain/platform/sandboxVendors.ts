/**
 * Sandbox vendor credentials (docs/integrators.md, The sandbox; docs/decisions/0007): the platform
 * issues one for a site so a game vendor can run the wallet conformance kit against it before going
 * live. Each is a vendor row of its own (sandbox, one slot game, its own transaction ids and a
 * sealed secret answered once) with its own test player: play money from the site's play-money
 * account, never signs in, out of the figures. The wallet keeps the two together (W010).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import type { SandboxCredential } from '../../../contract/platformOps.js';
import { cashTypes } from '../../../contract/moneyKinds.js';
import type { Deps } from '../deps.js';
import { forgetVendors, playAccount } from '../games/wallet.js';
import { sealVendorSecret } from '../games/vendorSecret.js';
import { platformAudit, type PlatformActor } from './platformAudit.js';
import { heldSite } from './siteState.js';

type Ctx = Pick<Deps, 'db' | 'clock' | 'sites'> & { ip?: string | null };

/** The sandbox game every credential has, and the play money its test player starts with. */
export const SANDBOX_GAME = 'sandbox-slot';
export const PLAY_MONEY = 1_000_000;

/** The site's sandbox credentials, newest first, with their test player's play money. */
export async function sandboxList(ctx: Ctx, prefix: string): Promise<SandboxCredential[]> {
  const site = await heldSite(ctx, prefix);
  const rows = await ctx.db
    .selectFrom('vendor as v')
    // each credential's test player carries its tag: sandbox-<tag> plays for test-<tag>
    .innerJoin('member as m', (j) => j.onRef('m.site_id', '=', 'v.site_id').on('m.mem_id', '=', sql<string>`'test-' || substr(v.code, 9)`))
    .select(['v.code', 'v.created_at', 'v.revoked_at', 'm.mem_id', 'm.cash_amt'])
    .where('v.site_id', '=', site.id)
    .where('v.sandbox', '=', true)
    .orderBy('v.id', 'desc')
    .execute();
  return rows.map((r) => ({
    vendorCode: r.code,
    player: r.mem_id,
    game: SANDBOX_GAME,
    balance: r.cash_amt,
    createdAt: r.created_at.toISOString(),
    revokedAt: r.revoked_at?.toISOString() ?? null,
  }));
}

/** A new credential (`sandbox-<tag>`) and its test player (`test-<tag>`) holding PLAY_MONEY; the secret is answered this once. */
export async function issueSandbox(ctx: Ctx, actor: PlatformActor, prefix: string): Promise<SandboxCredential & { siteId: string; secret: string }> {
  const site = await heldSite(ctx, prefix);
  const tag = randomBytes(4).toString('hex');
  const vendorCode = `sandbox-${tag}`;
  const player = `test-${tag}`;
  const secret = randomBytes(32).toString('base64url');
  const sealed = await sealVendorSecret(ctx.db, secret);
  const play = await playAccount(ctx.db, site.id);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const names = (en: string, ko: string) => JSON.stringify({ ko, en, vi: en });
    const v = await trx
      .insertInto('vendor')
      .values({
        site_id: site.id,
        code: vendorCode,
        name: `Sandbox ${tag}`,
        names: names(`Sandbox ${tag}`, `샌드박스 ${tag}`),
        category: 'slot',
        wallet_mode: 'seamless',
        secret: sealed,
        sandbox: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('game')
      .values({ site_id: site.id, vendor_id: v.id, code: SANDBOX_GAME, name: 'Sandbox slot', names: names('Sandbox slot', '샌드박스 슬롯'), kind: 'slot' })
      .execute();
    // no partner above it and no password: it cannot sign in, deposit or withdraw, and no partner's figures see it
    const m = await trx
      .insertInto('member')
      .values({
        site_id: site.id,
        mem_id: player,
        pass_hash: '!',
        mem_nick: player,
        partner_level: 'NORMAL',
        login_type: 'NORMAL',
        login_yn: 'N',
        out_amt_yn: 'N',
        test_player: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('member_path').values({ ancestor_id: m.id, descendant_id: m.id, depth: 0 }).execute();
    // double entry as every movement: the play money leaves the site's play-money account, never the house
    await sql`select money_post(${site.id}, nextval('ledger_move_seq'), 'cash', ${play}::bigint, ${m.id}::bigint, ${PLAY_MONEY}::bigint,
      ${cashTypes.adminGrant}, ${cashTypes.adminGrant}, 'C206', 'sandbox play money', null, null, null, ${now}::timestamptz)`.execute(trx);
  });
  forgetVendors(ctx.db);
  await platformAudit(ctx, actor, 'site.sandboxIssue', { prefix: site.prefix, vendorCode, player });
  return { siteId: site.id, vendorCode, secret, player, game: SANDBOX_GAME, balance: PLAY_MONEY, createdAt: now.toISOString(), revokedAt: null };
}

/** The credential stops now: the wallet no longer knows its code (W001). PO004 when the site has no such live credential. */
export async function revokeSandbox(ctx: Ctx, actor: PlatformActor, prefix: string, vendorCode: string) {
  const site = await heldSite(ctx, prefix);
  const gone = await ctx.db
    .updateTable('vendor')
    .set({ revoked_at: ctx.clock.now(), status: 'OFF' })
    .where('site_id', '=', site.id)
    .where('code', '=', vendorCode)
    .where('sandbox', '=', true)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!gone) throw new ApiError('PO004');
  forgetVendors(ctx.db);
  await platformAudit(ctx, actor, 'site.sandboxRevoke', { prefix: site.prefix, vendorCode });
}
