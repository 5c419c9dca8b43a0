import { callerLocale } from '../domain/games/localNames.js';
import { statsCalls as c } from '../../contract/stats.js';
import type { AuthedContext } from '../context.js';
import { scoped } from '../domain/partner/hierarchy.js';
import { dateRange } from '../domain/common/dateRange.js';
import { betStatistics, dailyBetting } from '../domain/reports/betting.js';
import { settlement, userReport } from '../domain/reports/settlement.js';
import { dateAgentStats, dateGameStats, dateUserStats, gameStats } from '../domain/reports/statistics.js';
import { defineRoute } from '../handler.js';

type Dates = { startDate?: string; endDate?: string; oldYn?: 'Y' | 'N' };
/** Reports default to today; history screens to 7 days back. */
const today = (ctx: AuthedContext, d: Dates) => dateRange(ctx.clock.now(), d.startDate, d.endDate, 0);
const week = (ctx: AuthedContext, d: Dates) => dateRange(ctx.clock.now(), d.startDate, d.endDate, 7);
const root = (ctx: AuthedContext, memId: string | undefined) => scoped(ctx.db, ctx.site.id, ctx.caller, memId);

export const statsRoutes = [
  defineRoute(c.betStatistics, async (req, ctx) => betStatistics(ctx.db, await root(ctx, req.memId), req.statType, today(ctx, req))),

  defineRoute(c.dailyBetting, async (req, ctx) => dailyBetting(ctx.db, (await root(ctx, req.memId)).id, week(ctx, req))),

  defineRoute(c.myCalculate, async (req, ctx) => {
    const m = await root(ctx, req.searchMemId);
    const r = await settlement(ctx.db, m, today(ctx, req), { inner: req.searchType === 'INNER', page: req.page, perPage: req.count_per_list });
    return req.searchType === 'INNER' ? r : { ...r, search: { searchMemId: m.memId, startDate: req.startDate ?? null, endDate: req.endDate ?? null } };
  }),

  defineRoute(c.reportByUser, async (req, ctx) => {
    const r = await userReport(ctx.db, ctx.caller.id, today(ctx, req), {
      memId: req.searchMemId,
      recommenderId: req.searchRecommandId,
      order: req.orderStr,
      page: req.page,
      perPage: req.count_per_list,
    });
    return { searchList: r.list, pageInfo: r.pageInfo, searchTotal: r.total };
  }),

  defineRoute(c.allUsers, async (req, ctx) => {
    const m = await root(ctx, req.memId);
    const r = await userReport(ctx.db, m.id, week(ctx, req), { memId: req.searchMemId, page: req.page, perPage: req.count_per_list });
    return { list: r.list, pageInfo: r.pageInfo, total: r.total };
  }),
  defineRoute(c.allGames, async (req, ctx) => gameStats(ctx.db, (await root(ctx, req.memId)).id, callerLocale(ctx), week(ctx, req), req.page, req.count_per_list)),
  defineRoute(c.dateAgent, async (req, ctx) => dateAgentStats(ctx.db, (await root(ctx, req.memId)).id, week(ctx, req), req.page, req.count_per_list)),
  defineRoute(c.dateUsers, async (req, ctx) => dateUserStats(ctx.db, (await root(ctx, req.memId)).id, week(ctx, req), req.page, req.count_per_list)),
  defineRoute(c.dateGames, async (req, ctx) => dateGameStats(ctx.db, (await root(ctx, req.memId)).id, week(ctx, req), req.page, req.count_per_list)),
];
