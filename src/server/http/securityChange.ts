import type { AuthedContext } from '../context.js';
import type { ReauthEnv, ReauthMember } from '../domain/auth/reauth.js';
import { securityChanged } from '../domain/auth/securityNotice.js';
import type { SecurityChange } from '../domain/push/texts.js';

/** What the one password rule of security changes needs from a signed-in call. */
export function reauthEnv(ctx: AuthedContext): ReauthEnv {
  const { db, live, sessions, site, clock, config } = ctx;
  return { db, live, sessions, siteId: site.id, now: clock.now(), lockMinutes: config.lockMinutes };
}

export const reauthMember = ({ caller }: AuthedContext): ReauthMember => ({ id: caller.id, memId: caller.memId, sessionId: caller.sessionId });

/** The member's notice of a committed change: a failed notice never turns the call into a failure. */
export async function notifyChange(ctx: AuthedContext, changes: SecurityChange[], exceptDevice?: string) {
  await securityChanged(ctx, ctx.site, ctx.caller, changes, exceptDevice).catch(() => {});
}
