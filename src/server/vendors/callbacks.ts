/**
 * The seamless wallet's callbacks (balance, bet, win, rollback): contract calls of vendor access,
 * served by the one call pipeline over HTTP (POST /api/vendor/{vendorCode}/{action}, the JSON body
 * signed in header X-Signature) and made in process by the built-in demo vendor through the same
 * checks: the vendor and its signature, then the call's schema.
 */
import { ApiError } from '../../contract/codes.js';
import type { ParsedReqOf } from '../../contract/define.js';
import { walletCalls, type WalletAction } from '../../contract/game.js';
import type { Deps } from '../domain/deps.js';
import { defineRoute, parseRequest } from '../handler.js';
import { walletBalance, walletBet, walletRollback, walletWin, type Vendor, type WalletResult } from '../domain/games/wallet.js';
import { openWalletCall } from '../domain/games/walletAccess.js';
import { pushCash } from '../domain/money/cashEvents.js';
import type { MoneyResult } from '../domain/money/ledger.js';
import type { SiteRow } from '../domain/site/siteRow.js';
import { readLaunch } from './launchToken.js';

type WalletCtx = Pick<Deps, 'db' | 'live' | 'clock'> & { site: SiteRow; vendor: Vendor };
type Req<A extends WalletAction> = ParsedReqOf<(typeof walletCalls)[A]>;

async function moved(ctx: WalletCtx, r: MoneyResult<WalletResult>): Promise<WalletResult> {
  await pushCash(ctx.live, r.changed);
  return r.result;
}

const handlers: { [A in WalletAction]: (req: Req<A>, ctx: WalletCtx) => Promise<WalletResult> } = {
  balance: (req, ctx) => walletBalance(ctx.db, ctx.vendor, req.memId),
  async bet(req, ctx) {
    const at = ctx.clock.now();
    if (req.token) {
      const { launch } = await readLaunch(ctx.db, req.token, at);
      if (launch.memId !== req.memId || launch.vendorCode !== ctx.vendor.code || launch.siteId !== ctx.vendor.siteId) throw new ApiError('TK002');
    }
    // the bet lock and maintenance window come from the site cache, which every instance forgets on a change
    return moved(ctx, await walletBet(ctx.db, ctx.vendor, req, at, ctx.site));
  },
  win: async (req, ctx) => moved(ctx, await walletWin(ctx.db, ctx.vendor, req, ctx.clock.now())),
  rollback: async (req, ctx) => moved(ctx, await walletRollback(ctx.db, ctx.vendor, req, ctx.clock.now())),
};

export const walletRoutes = [
  defineRoute(walletCalls.balance, handlers.balance),
  defineRoute(walletCalls.bet, handlers.bet),
  defineRoute(walletCalls.win, handlers.win),
  defineRoute(walletCalls.rollback, handlers.rollback),
];

/** A callback made in process: the raw body and its signature, as a vendor sends them over HTTP. */
export async function callWalletInProcess(
  ctx: Pick<Deps, 'db' | 'live' | 'clock' | 'sites'>,
  vendorCode: string,
  action: WalletAction,
  raw: string,
  signature: string,
): Promise<WalletResult> {
  const { siteId, ...body } = JSON.parse(raw) as Record<string, unknown>;
  const { site, vendor } = await openWalletCall(ctx, vendorCode, siteId, raw, signature);
  const req = parseRequest(walletCalls[action], body);
  return handlers[action](req as never, { db: ctx.db, live: ctx.live, clock: ctx.clock, site, vendor });
}
