import { platformCalls as c } from '../../contract/platform.js';
import { platformSiteCalls as s } from '../../contract/platformSites.js';
import { platformCaller, platformLogin, platformLogout } from '../domain/platform/login.js';
import { createOwner, setupEnrolment } from '../domain/platform/setup.js';
import { platformSites } from '../domain/platform/sites.js';
import { openSite, vendorCatalog } from '../domain/platform/openSite.js';
import { acceptInvite, checkInvite, issueInvite, operatorCount, siteOfPrefix } from '../domain/platform/invite.js';
import { brandSite } from '../domain/platform/brandSite.js';
import { platformAudit } from '../domain/platform/platformAudit.js';
import { setSiteSettings } from '../domain/platform/siteSettings.js';
import { defineRoute } from '../handler.js';

/** A logo of 1 MB travels as about 1.4 MB of base64: this call alone takes that much. */
const LOGO_BODY_LIMIT = 1.5 * 1024 * 1024;

/** The platform console's calls: no site key; its own session token in X-Auth-Token. */
export const platformRoutes = [
  defineRoute(c.setupStart, (req, ctx) => setupEnrolment(ctx, req.token)),
  defineRoute(c.setup, async (req, ctx) => ({ recoveryCodes: await createOwner(ctx, req) })),
  defineRoute(c.login, (req, ctx) => platformLogin(ctx, req, ctx.ip)),
  defineRoute(c.logout, async (_req, ctx) => {
    await platformLogout(ctx, ctx.token);
    return null;
  }),
  defineRoute(c.sites, async (req, ctx) => {
    await platformCaller(ctx, ctx.token);
    return { list: await platformSites(ctx, req) };
  }),
  defineRoute(s.catalog, async (_req, ctx) => {
    await platformCaller(ctx, ctx.token);
    return { vendors: vendorCatalog() };
  }),
  defineRoute(s.openSite, async (req, ctx) => {
    const me = await platformCaller(ctx, ctx.token);
    const out = await openSite(ctx, me.accountId, req);
    // the prefix was remembered as unknown by every instance that was asked for it
    await ctx.sites.changed(out.siteId);
    await platformAudit(ctx, { id: me.accountId, loginId: me.login_id }, 'site.open', { prefix: out.prefix, name: req.name, vendorMode: req.vendorMode, vendors: req.vendors });
    return out;
  }),
  defineRoute(s.invite, async (req, ctx) => {
    const me = await platformCaller(ctx, ctx.token);
    const site = await siteOfPrefix(ctx.db, req.prefix);
    const invite = await issueInvite(ctx.db, site.id, me.accountId, ctx.clock.now());
    const operators = await operatorCount(ctx.db, site.id);
    // the link itself never: whoever reads the chain could take it
    await platformAudit(ctx, { id: me.accountId, loginId: me.login_id }, 'site.invite', { prefix: req.prefix, expiresAt: invite.expiresAt, operators });
    return { invite, operators };
  }),
  defineRoute(
    s.brand,
    async (req, ctx) => {
      const me = await platformCaller(ctx, ctx.token);
      const out = await brandSite(ctx, req);
      await ctx.sites.changed(out.siteId);
      await platformAudit(ctx, { id: me.accountId, loginId: me.login_id }, 'site.brand', { prefix: req.prefix, name: req.name, logo: req.logo !== undefined });
      return { version: out.version };
    },
    { bodyLimit: LOGO_BODY_LIMIT },
  ),
  defineRoute(s.settings, async ({ prefix, ...settings }, ctx) => {
    const me = await platformCaller(ctx, ctx.token);
    await setSiteSettings(ctx, { id: me.accountId, loginId: me.login_id }, prefix, settings);
    return null;
  }),
  defineRoute(s.inviteCheck, (req, ctx) => checkInvite(ctx, req.prefix, req.token)),
  defineRoute(s.inviteAccept, async (req, ctx) => {
    await acceptInvite(ctx, req);
    return null;
  }),
];
