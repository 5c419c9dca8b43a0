import { ApiError } from '../../contract/codes.js';
import { sql } from 'kysely';
import type { Call } from '../../contract/define.js';
import { gameCalls as c, gameCategories, isGameCategory } from '../../contract/game.js';
import type { AuthedContext } from '../context.js';
import { scopedBelow } from '../domain/partner/hierarchy.js';
import { categoryNames } from '../domain/partner/rates.js';
import { gameToCash, vendorByCode } from '../domain/games/wallet.js';
import { launchGame } from '../vendors/launch.js';
import { sweepMember } from '../vendors/demo/sweep.js';
import { actorOf, settle } from './moneyCommon.js';
import { defineRoute } from './route.js';

async function toCash(ctx: AuthedContext, call: Call, memberId: number, req: { requestId?: string }, f: { vendorCode?: string; amount?: number }) {
  const v = f.vendorCode ? await vendorByCode(ctx.db, ctx.site.id, f.vendorCode) : null;
  if (f.vendorCode && !v) throw new ApiError('V001', 'vendorCode: unknown vendor');
  await sweepMember(ctx, memberId);
  const actor = actorOf(ctx, call, req);
  return settle(ctx, await gameToCash(ctx.db, actor, memberId, { vendorId: v?.id, amount: f.amount }));
}

/** Lobby, launch and game money. */
export const gameRoutes = [
  defineRoute(c.gameGroupCodes, async (_req, ctx) => {
    const vendors = await ctx.db.selectFrom('vendor').selectAll().where('site_id', '=', ctx.site.id).where('status', '<>', 'OFF').orderBy('ord').execute();
    return {
      list: gameCategories.map((g) => ({
        groupCode: g, groupName: categoryNames[g],
        vendors: vendors.filter((v) => v.category === g).map((v) => ({
          vendorCode: v.code, vendorName: v.name, category: v.category, walletMode: v.wallet_mode, status: v.status, minBet: v.min_bet, maxBet: v.max_bet, maxWin: v.max_win,
        })),
      })),
    };
  }),

  defineRoute(c.gameCodes, async (req, ctx) => {
    let q = ctx.db.selectFrom('game as g').innerJoin('vendor as v', 'v.id', 'g.vendor_id')
      .select(['v.code as vendorCode', 'g.code as gameCode', 'g.name as gameName', 'v.category as gameType', 'g.kind', 'g.status'])
      .where('g.site_id', '=', ctx.site.id).where('g.status', '<>', 'OFF').where('v.status', '<>', 'OFF');
    if (req.vendorCode) q = q.where('v.code', '=', req.vendorCode);
    // a category the site does not have lists no game
    if (req.gameType) q = isGameCategory(req.gameType) ? q.where('v.category', '=', req.gameType) : q.where(sql<boolean>`false`);
    return { list: await q.orderBy('v.ord').orderBy('g.ord').execute() };
  }),

  defineRoute(c.getGame, (req, ctx) => launchGame(ctx, req)),
  defineRoute(c.launch, (req, ctx) => launchGame(ctx, req)),

  defineRoute(c.gameMoney, async (_req, ctx) => {
    const [me, list] = await Promise.all([
      ctx.db.selectFrom('member').select(['cash_amt', 'game_amt']).where('id', '=', ctx.caller.id).executeTakeFirstOrThrow(),
      ctx.db.selectFrom('game_wallet as w').innerJoin('vendor as v', 'v.id', 'w.vendor_id')
        .select(['v.code as vendorCode', 'v.name as vendorName', 'w.balance as gameAmt']).where('w.member_id', '=', ctx.caller.id).orderBy('v.ord').execute(),
    ]);
    return { cashAmt: me.cash_amt, gameAmt: me.game_amt, list };
  }),

  defineRoute(c.changeMemCashFlag, (req, ctx) => toCash(ctx, c.changeMemCashFlag, ctx.caller.id, req, {})),

  defineRoute(c.retailChangeMemCashFlag, async (req, ctx) => {
    const m = await scopedBelow(ctx.db, ctx.site.id, ctx.caller, req.memId);
    return toCash(ctx, c.retailChangeMemCashFlag, m.id, req, {});
  }),

  defineRoute(c.outGameMoney, (req, ctx) => toCash(ctx, c.outGameMoney, ctx.caller.id, req, { vendorCode: req.vendorCode, amount: req.cashAmt || undefined })),
];
