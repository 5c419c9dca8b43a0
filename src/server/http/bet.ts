import { betCalls as c } from '../../contract/bet.js';
import type { AuthedContext } from '../context.js';
import { betDetail, ownBets, subtreeBets, subtreeSportBets } from '../domain/games/bets.js';
import { callerLocale } from '../domain/games/localNames.js';
import { scoped } from '../domain/partner/hierarchy.js';
import { dateRange } from '../domain/common/dateRange.js';
import { defineRoute } from '../handler.js';

type Dates = { startDate?: string; endDate?: string; oldYn?: 'Y' | 'N'; chkTodayYn?: 'Y' | 'N' };
const range = (ctx: AuthedContext, d: Dates, daysBack: number) => dateRange(ctx.clock.now(), d.startDate, d.endDate, daysBack, d.oldYn);
const search = (type: 'memId' | 'memNick' | 'recommenderId' | undefined, value: string | undefined) => (value ? { type: type ?? 'memId', value } : undefined);

export const betRoutes = [
  defineRoute(c.betlist, (req, ctx) =>
    ownBets(ctx.db, ctx.caller.id, { category: req.groupKey, vendorCode: req.vendorCode, range: range(ctx, req, 7), locale: callerLocale(ctx), page: req.page, perPage: 10 }),
  ),

  defineRoute(c.betDetail, (req, ctx) => betDetail(ctx.db, ctx.caller.id, req.betId, callerLocale(ctx))),

  defineRoute(c.betList, (req, ctx) =>
    subtreeBets(ctx.db, {
      rootId: ctx.caller.id,
      category: req.gameCategory,
      vendorCode: req.vendorCode,
      status: req.resultType,
      excludeSport: true,
      search: search(req.searchType, req.searchValue ?? req.searchMemId),
      range: range(ctx, req, 0),
      locale: callerLocale(ctx),
      page: req.page,
      perPage: req.count_per_list,
      orderColumn: req.orderColumn,
      orderType: req.orderType,
    }),
  ),

  defineRoute(c.bottomBetList, async (req, ctx) => {
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    return subtreeBets(ctx.db, {
      rootId: root.id,
      category: req.gameCategory,
      vendorCode: req.vendorCode,
      range: range(ctx, req, 0),
      locale: callerLocale(ctx),
      page: req.page,
      perPage: req.count_per_list,
    });
  }),

  defineRoute(c.sportList, async (req, ctx) => {
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    return subtreeSportBets(ctx.db, {
      rootId: root.id,
      branchID: req.branchID,
      status: req.resultType,
      search: search(req.searchType, req.searchValue),
      range: range(ctx, req, 7),
      locale: callerLocale(ctx),
      page: req.page,
      perPage: req.count_per_list,
      sportOrder: req.orderColumn,
      orderType: req.orderType,
    });
  }),
];
