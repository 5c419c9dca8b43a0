import type { RequestContext } from '../context.js';
import type { LoginEnv } from '../domain/auth/auth.js';

/** What a login step needs from the request: the site, the address, the cookie, the throttle's verdict. */
export function loginEnv(ctx: RequestContext): LoginEnv {
  const { db, live, sessions, site, ip, clock, config } = ctx;
  return {
    db,
    live,
    sessions,
    siteId: site.id,
    ip,
    now: clock.now(),
    lockMinutes: config.lockMinutes,
    sessionMaxHours: config.sessionMaxHours,
    proved: !!ctx.proved,
    challengeRequired: !!ctx.challengeRequired,
    idOverLimit: !!ctx.idOverLimit,
    cookie: ctx.cookie ?? null,
    tls: config.tls,
  };
}
