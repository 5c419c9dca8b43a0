import { ApiError } from '../../contract/codes.js';
import type { Call } from '../../contract/define.js';
import { gameCalls as c } from '../../contract/game.js';
import type { AuthedContext } from '../context.js';
import { scopedBelow } from '../domain/partner/hierarchy.js';
import { gameList, gameMoneyOf, vendorGroups } from '../domain/games/lobby.js';
import { gameToCash, vendorByCode } from '../domain/games/wallet.js';
import { callerLocale } from '../domain/games/localNames.js';
import { launchGame } from '../vendors/launch.js';
import { settleOpenPlay } from '../vendors/registry.js';
import { actorOf, settle } from './moneyCommon.js';
import { defineRoute } from '../handler.js';

async function toCash(ctx: AuthedContext, call: Call, memberId: number, req: { requestId?: string }, f: { vendorCode?: string; amount?: number }) {
  const v = f.vendorCode ? await vendorByCode(ctx.db, ctx.site.id, f.vendorCode) : null;
  if (f.vendorCode && !v) throw new ApiError('V001', 'vendorCode: unknown vendor');
  await settleOpenPlay(ctx, memberId);
  const actor = actorOf(ctx, call, req);
  return await settle(ctx, await gameToCash(ctx.db, actor, memberId, { vendorId: v?.id, amount: f.amount }));
}

/** Lobby, launch and game money. */
export const gameRoutes = [
  defineRoute(c.gameGroupCodes, async (_req, ctx) => ({ list: await vendorGroups(ctx.db, ctx.site.id, callerLocale(ctx)) })),
  defineRoute(c.gameCodes, async (req, ctx) => ({ list: await gameList(ctx.db, ctx.site.id, callerLocale(ctx), req) })),
  defineRoute(c.getGame, (req, ctx) => launchGame(ctx, req)),
  defineRoute(c.launch, (req, ctx) => launchGame(ctx, req)),

  defineRoute(c.gameMoney, (_req, ctx) => gameMoneyOf(ctx.db, ctx.caller.id, callerLocale(ctx))),

  defineRoute(c.changeMemCashFlag, (req, ctx) => toCash(ctx, c.changeMemCashFlag, ctx.caller.id, req, {})),

  defineRoute(c.retailChangeMemCashFlag, async (req, ctx) => {
    const m = await scopedBelow(ctx.db, ctx.site.id, ctx.caller, req.memId);
    return toCash(ctx, c.retailChangeMemCashFlag, m.id, req, {});
  }),

  defineRoute(c.outGameMoney, (req, ctx) => toCash(ctx, c.outGameMoney, ctx.caller.id, req, { vendorCode: req.vendorCode, amount: req.cashAmt || undefined })),
];
