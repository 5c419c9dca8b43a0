import { platformOpsCalls as c } from '../../contract/platformOps.js';
import { platformCaller } from '../domain/platform/login.js';
import { archiveSite, platformSiteDetail, resumeSite, revokeOldKey, rotateApiKey, setHosts, suspendSite } from '../domain/platform/siteState.js';
import { issueSandbox, revokeSandbox, sandboxList } from '../domain/platform/sandboxVendors.js';
import type { AppContext } from '../context.js';
import { defineRoute } from '../handler.js';

/** The signed-in platform account as the audit names it. */
async function actorOf(ctx: Pick<AppContext, 'db' | 'clock' | 'config'> & { token: string | null }) {
  const a = await platformCaller(ctx, ctx.token);
  return { id: a.accountId, loginId: a.login_id };
}

/** The platform's hold on a site and its API key: platform session in X-Auth-Token, every change in the platform's audit chain. */
export const platformOpsRoutes = [
  defineRoute(c.site, async (req, ctx) => {
    await actorOf(ctx);
    return platformSiteDetail(ctx, req.prefix);
  }),
  defineRoute(c.suspend, async (req, ctx) => {
    await suspendSite(ctx, await actorOf(ctx), req.prefix);
    return null;
  }),
  defineRoute(c.resume, async (req, ctx) => {
    await resumeSite(ctx, await actorOf(ctx), req.prefix);
    return null;
  }),
  defineRoute(c.archive, async (req, ctx) => {
    await archiveSite(ctx, await actorOf(ctx), req.prefix, req.confirm);
    return null;
  }),
  defineRoute(c.hosts, async (req, ctx) => ({ hosts: await setHosts(ctx, await actorOf(ctx), req.prefix, req.hosts) })),
  defineRoute(c.rotateKey, async (req, ctx) => {
    const r = await rotateApiKey(ctx, await actorOf(ctx), req.prefix);
    return { apiKey: r.apiKey, oldKeyUntil: r.oldKeyUntil.toISOString() };
  }),
  defineRoute(c.revokeOldKey, async (req, ctx) => {
    await revokeOldKey(ctx, await actorOf(ctx), req.prefix);
    return null;
  }),
  defineRoute(c.sandboxList, async (req, ctx) => {
    await actorOf(ctx);
    return { list: await sandboxList(ctx, req.prefix) };
  }),
  defineRoute(c.sandboxIssue, async (req, ctx) => issueSandbox(ctx, await actorOf(ctx), req.prefix)),
  defineRoute(c.sandboxRevoke, async (req, ctx) => {
    await revokeSandbox(ctx, await actorOf(ctx), req.prefix, req.vendorCode);
    return null;
  }),
];
