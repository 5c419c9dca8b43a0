import { ApiError } from '../../contract/codes.js';
import { breakDays, exclusionMonths, protectionCalls as c } from '../../contract/protection.js';
import type { AuthedContext } from '../context.js';
import { playSession, protectionState, raisesLimit, setLimit, setReality, takeBreak } from '../domain/auth/protection.js';
import { confirmPassword } from '../domain/auth/reauth.js';
import { notifyChange, reauthEnv, reauthMember } from './securityChange.js';
import { siteOptions } from '../domain/site/siteOptions.js';
import { defineRoute } from '../handler.js';

/** Protection is the players' own: partners and the operator do not play. */
const player = (ctx: AuthedContext) => {
  if (ctx.caller.loginType !== 'NORMAL') throw new ApiError('A001');
  return ctx.caller;
};
const state = (ctx: AuthedContext) => protectionState(ctx.db, ctx.caller.id, ctx.clock.now(), siteOptions(ctx.site).realityMinutes);

/** The player's limits, break and self-exclusion, reality checks. */
export const protectionRoutes = [
  defineRoute(c.protection, async (_req, ctx) => (player(ctx), state(ctx))),

  defineRoute(c.limits, async (req, ctx) => {
    const me = player(ctx);
    const amount = req.amount ?? null;
    const raise = await raisesLimit(ctx.db, me.id, req.kind, amount);
    if (raise) await confirmPassword(reauthEnv(ctx), reauthMember(ctx), req.curPass);
    await setLimit(ctx.db, ctx.site.id, me.id, req.kind, amount, ctx.clock.now());
    if (raise) await notifyChange(ctx, ['limit']);
    return state(ctx);
  }),

  defineRoute(c.takeBreak, async (req, ctx) => {
    const me = player(ctx);
    const span = req.kind === 'break' ? breakDays : exclusionMonths;
    if (req.length < span.min || req.length > span.max) throw new ApiError('V002');
    return takeBreak({ db: ctx.db, sessions: ctx.sessions, live: ctx.live, siteId: ctx.site.id, now: ctx.clock.now() }, me, req.kind, req.length);
  }),

  defineRoute(c.realityCheck, async (req, ctx) => {
    const me = player(ctx);
    await setReality(ctx.db, ctx.site.id, me.id, req.minutes, ctx.clock.now());
    return state(ctx);
  }),

  defineRoute(c.playSession, async (_req, ctx) => playSession(ctx.db, player(ctx).sessionId)),
];
