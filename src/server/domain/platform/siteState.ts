/**
 * The platform's hold on a site. Suspended: every call of the site answers SS001 (the site lookup
 * by prefix too, so the app shows its "suspended" page), vendor callbacks W009 with HTTP 503 so
 * vendors retry; nothing is removed and no money moves, so resuming restores everything as it was.
 * Archived: suspended for ever (SS002), never deleted, its prefix stays taken.
 */
import { languages, type Language } from '../../../contract/enums.js';
import { ApiError } from '../../../contract/codes.js';
import type { Deps } from '../deps.js';
import type { PlatformSiteDetail } from '../../../contract/platformOps.js';
import type { SiteRow } from '../site/siteRow.js';
import { newApiKey, overlapEnd } from './apiKeys.js';
import { figuresOf, siteFigures } from './figures.js';
import { platformAudit, type PlatformActor } from './platformAudit.js';
import { operatorCount } from './invite.js';
import { statusOf } from './sites.js';
import { setSiteHosts } from '../site/brand.js';
import { siteChainBroken } from '../site/auditAnchor.js';
import { settingsOf } from './siteSettings.js';

type Ctx = Pick<Deps, 'db' | 'clock' | 'sites'> & { ip?: string | null };
type State = SiteRow['state'];

/** Refuses every call of a site the platform holds. */
export function assertSiteOpen(site: Pick<SiteRow, 'state'>) {
  if (site.state === 'suspended') throw new ApiError('SS001');
  if (site.state === 'archived') throw new ApiError('SS002');
}

/** The site of a prefix for a platform action: S404 if none, PO002 once archived. */
export async function heldSite({ db }: Ctx, prefix: string) {
  const site = await db.selectFrom('site').select(['id', 'prefix', 'state']).where('prefix', '=', prefix).executeTakeFirst();
  if (!site) throw new ApiError('S404');
  if (site.state === 'archived') throw new ApiError('PO002');
  return site;
}

/** Moves a site to `to` (the same state again changes nothing and writes no row); every instance forgets its cached row. */
async function setState(ctx: Ctx, actor: PlatformActor, prefix: string, to: State, confirm?: string) {
  const site = await heldSite(ctx, prefix);
  if (to === 'archived' && confirm !== site.prefix) throw new ApiError('PO001');
  if (site.state === to) return;
  // only from the state read: a concurrent archive wins, never undone by a late resume
  const moved = await ctx.db
    .updateTable('site')
    .set({ state: to, state_at: ctx.clock.now() })
    .where('id', '=', site.id)
    .where('state', '=', site.state)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw new ApiError('PO002');
  await ctx.sites.changed(site.id);
  const action = to === 'open' ? 'site.resume' : to === 'suspended' ? 'site.suspend' : 'site.archive';
  await platformAudit(ctx, actor, action, { prefix: site.prefix, from: site.state, to });
}

export const suspendSite = (ctx: Ctx, actor: PlatformActor, prefix: string) => setState(ctx, actor, prefix, 'suspended');
export const resumeSite = (ctx: Ctx, actor: PlatformActor, prefix: string) => setState(ctx, actor, prefix, 'open');
export const archiveSite = (ctx: Ctx, actor: PlatformActor, prefix: string, confirm: string) => setState(ctx, actor, prefix, 'archived', confirm);

/** A new key for the site; the one it replaces works until the overlap ends. Answers the new key (this once) and that end. */
export async function rotateApiKey(ctx: Ctx, actor: PlatformActor, prefix: string) {
  const site = await heldSite(ctx, prefix);
  const now = ctx.clock.now();
  const apiKey = newApiKey();
  const until = overlapEnd(now);
  await ctx.db
    .updateTable('site')
    .set((eb) => ({ old_api_key: eb.ref('api_key'), old_key_until: until, api_key: apiKey }))
    .where('id', '=', site.id)
    .execute();
  await ctx.sites.changed(site.id);
  await platformAudit(ctx, actor, 'site.rotateKey', { prefix: site.prefix, oldKeyUntil: until.toISOString() });
  return { apiKey, oldKeyUntil: until };
}

/**
 * The key before the last rotation stops working now (a leaked key need not wait out its overlap):
 * PO003 when none works any more. Every instance forgets its cached row, so the next call with it is refused.
 */
export async function revokeOldKey(ctx: Ctx, actor: PlatformActor, prefix: string) {
  const site = await heldSite(ctx, prefix);
  const now = ctx.clock.now();
  const gone = await ctx.db
    .updateTable('site')
    .set({ old_api_key: null, old_key_until: null })
    .where('id', '=', site.id)
    .where('old_api_key', 'is not', null)
    .where('old_key_until', '>', now)
    .returning('id')
    .executeTakeFirst();
  if (!gone) throw new ApiError('PO003');
  await ctx.sites.changed(site.id);
  await platformAudit(ctx, actor, 'site.revokeOldKey', { prefix: site.prefix });
}

/** Sets the site's own host names (the whole list); every instance forgets its host map. */
export async function setHosts(ctx: Ctx, actor: PlatformActor, prefix: string, hosts: string[]) {
  const site = await heldSite(ctx, prefix);
  const list = await setSiteHosts(ctx.db, site.id, hosts);
  await ctx.sites.changed(site.id);
  await platformAudit(ctx, actor, 'site.hosts', { prefix: site.prefix, hosts: list });
  return list;
}

/** One site as the platform sees it: status, today's figures, when its state last changed and the old key's end. S404 if none. */
export async function platformSiteDetail(ctx: Ctx, prefix: string): Promise<PlatformSiteDetail> {
  const site = await ctx.db
    .selectFrom('site')
    .select(['id', 'prefix', 'name', 'state', 'state_at', 'check_start', 'check_end', 'old_key_until', 'languages', 'cash_decimal', 'options'])
    .where('prefix', '=', prefix)
    .executeTakeFirst();
  if (!site) throw new ApiError('S404');
  const now = ctx.clock.now();
  const hosts = await ctx.db.selectFrom('site_host').select('host').where('site_id', '=', site.id).orderBy('host').execute();
  const brand = await ctx.db.selectFrom('site_brand').select(['short_name', 'theme_color']).where('site_id', '=', site.id).executeTakeFirst();
  const figures = figuresOf(await siteFigures(ctx.db, now, [site.id]), site.id);
  return {
    prefix: site.prefix,
    name: site.name,
    status: statusOf(site, now),
    ...figures,
    stateAt: site.state_at ? new Date(site.state_at).toISOString() : null,
    oldKeyUntil: site.old_key_until && new Date(site.old_key_until).getTime() > now.getTime() ? new Date(site.old_key_until).toISOString() : null,
    hosts: hosts.map((h) => h.host),
    brand: brand ? { shortName: brand.short_name, themeColor: brand.theme_color } : null,
    languages: site.languages.split(',').filter((l): l is Language => (languages as readonly string[]).includes(l)),
    settings: settingsOf(site),
    operators: await operatorCount(ctx.db, site.id),
    auditBroken: siteChainBroken(site.id),
  };
}
