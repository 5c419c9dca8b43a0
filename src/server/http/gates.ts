import { ApiError } from '../../contract/codes.js';
import type { Call } from '../../contract/define.js';
import { memberCalls } from '../../contract/member.js';
import type { PublicContext, RequestContext } from '../context.js';
import { inCheckWindow } from '../domain/site/siteRow.js';

/** Site-level calls the maintenance window closes (the rest only read what the warning page needs). */
const closedSiteCalls = new Set<Call>([memberCalls.signup]);
/** Calls a signed-in member may still make during maintenance. */
const openMemberCalls = new Set<Call>([memberCalls.logout]);

/**
 * The operator's maintenance window (site check, INSPECT) on the server: while it is on, only the
 * operator logs in and works; players and partners get B0093 on login, signup and every signed-in
 * call but logout, whatever client they use. Bets are refused by the wallet (B0093, bet lock B1001).
 */
export function maintenanceGate(call: Call, ctx: PublicContext | RequestContext, body: Record<string, unknown>) {
  if (call.access === 'public' || !ctx.site || !inCheckWindow(ctx.site, ctx.clock.now())) return;
  if (call === memberCalls.login) {
    // the operator's login page stays open; that page refuses everyone but the operator (L003)
    if (body.loginPage !== 'admin') throw new ApiError('B0093');
    return;
  }
  if (call.access === 'site') {
    if (closedSiteCalls.has(call)) throw new ApiError('B0093');
    return;
  }
  if (ctx.caller && ctx.caller.loginType !== 'ADMIN' && !openMemberCalls.has(call)) throw new ApiError('B0093');
}
