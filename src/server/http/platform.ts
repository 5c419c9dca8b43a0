import { platformCalls as c } from '../../contract/platform.js';
import { platformCaller, platformLogin, platformLogout } from '../domain/platform/login.js';
import { createOwner, setupEnrolment } from '../domain/platform/setup.js';
import { platformSites } from '../domain/platform/sites.js';
import { defineRoute } from './route.js';

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
];
