/** Game launch: the domain's checks and game money (domain/games/launch.ts), then the signed launch token and the game page URL. */
import type { AuthedContext } from '../context.js';
import { toWire } from '../domain/common/time.js';
import { prepareLaunch } from '../domain/games/launch.js';
import { LAUNCH_MS, launchToken } from './launchToken.js';

export async function launchGame(ctx: AuthedContext, req: { vendorKey?: string; gameType?: string; gameKey?: string }) {
  const { site, caller } = ctx;
  const now = ctx.clock.now();
  const { vendor: v, game, cashAmt, gameAmt } = await prepareLaunch(ctx, site, caller, req, now);
  const expires = now.getTime() + LAUNCH_MS;
  const token = launchToken(v, { siteId: site.id, memberId: caller.id, memId: caller.memId, vendorCode: v.code, gameCode: game.code, expires, sessionId: caller.sessionId });
  return {
    gameurl: `/${site.prefix}/game/${encodeURIComponent(v.code)}/${encodeURIComponent(game.code)}?t=${encodeURIComponent(token)}`,
    token,
    vendorCode: v.code,
    gameCode: game.code,
    walletMode: v.walletMode,
    cashAmt,
    gameAmt,
    expiresAt: toWire(new Date(expires)),
  };
}
