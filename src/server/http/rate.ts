import { ApiError } from '../../contract/codes.js';
import { rateCalls as c } from '../../contract/rate.js';
import type { AuthedContext } from '../context.js';
import { levelName, scoped, scopedBelow } from '../domain/partner/hierarchy.js';
import { childrenPage, rateChanges, rateTarget } from '../domain/partner/rateLists.js';
import { flatRates, multipleRateInfo, rateInfoRows, rollingRows, saveMultipleRates, saveRates, vendorRef } from '../domain/partner/rates.js';
import { toWire } from '../domain/common/time.js';
import { defineRoute } from '../handler.js';

const wire = <T extends { lockedUntil: Date | null }>(r: T) => ({ ...r, lockedUntil: r.lockedUntil ? toWire(r.lockedUntil) : null });
const editor = (ctx: AuthedContext) => ({ id: ctx.caller.id, admin: ctx.caller.loginType === 'ADMIN' });

async function save(ctx: AuthedContext, req: { memId?: string; rateList: { category: string; pointRate: unknown; loseRate: unknown }[] }) {
  const m = await scopedBelow(ctx.db, ctx.site.id, ctx.caller, req.memId);
  const r = await saveRates(ctx.db, ctx.site.id, editor(ctx), m, req.rateList, ctx.clock.now());
  // the operator's change of a partner's rates is one of its acts (a partner's stays in the rate history)
  if (ctx.caller.loginType === 'ADMIN' && r.changed.length) ctx.audit = { target: `memId=${m.memId}` };
  return r;
}

async function saveMulti(ctx: AuthedContext, req: { memId?: string; vendorCode?: string; rateList: { rateType: string; pointRate: unknown; loseRate: unknown }[] }) {
  if (ctx.caller.partnerLevel !== 'PTN_1') throw new ApiError('A001');
  const m = await scopedBelow(ctx.db, ctx.site.id, ctx.caller, req.memId);
  const v = await vendorRef(ctx.db, ctx.site.id, req.vendorCode);
  return saveMultipleRates(ctx.db, ctx.site.id, editor(ctx), m, v, req.rateList, ctx.clock.now());
}

export const rateRoutes = [
  defineRoute(c.rateInfo, async (req, ctx) => {
    const rows = await rateInfoRows(ctx.db, await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId));
    return { rateInfo: rows, rateInfoList: rows };
  }),
  defineRoute(c.rateInfoList, async (req, ctx) => ({ rateInfoList: await rateInfoRows(ctx.db, await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId)) })),
  defineRoute(c.detailRateInfo, async (req, ctx) => {
    const m = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    return { memRollingInfo: (await rollingRows(ctx.db, ctx.site.id, [m])).get(m.id)!.map(wire) };
  }),
  defineRoute(c.saveRates, (req, ctx) => save(ctx, req)),
  defineRoute(c.updateRate, (req, ctx) => save(ctx, req)),
  defineRoute(c.newUpdateRate, (req, ctx) => save(ctx, req)),
  defineRoute(c.multipleRateInfo, async (req, ctx) => {
    const m = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    return { multipleRateInfo: await multipleRateInfo(ctx.db, m, await vendorRef(ctx.db, ctx.site.id, req.vendorCode)) };
  }),
  defineRoute(c.saveMultipleRates, (req, ctx) => saveMulti(ctx, req)),
  defineRoute(c.updateMultipleRate, (req, ctx) => saveMulti(ctx, req)),

  defineRoute(c.botMemRate, async (req, ctx) => {
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const { list: rows, pageInfo } = await childrenPage(ctx.db, root, undefined, { page: req.page, size: req.count_per_list });
    const all = await rollingRows(ctx.db, ctx.site.id, [root, ...rows.map((r) => ({ id: r.id, parentId: r.parent_id }))]);
    return {
      myCategoryRate: flatRates(root.memId, all.get(root.id)!),
      botCategoryRateList: rows.map((r) => ({ ...flatRates(r.mem_id, all.get(r.id)!), memNick: r.mem_nick, partnerLevel: r.partner_level })),
      pageInfo,
    };
  }),

  defineRoute(c.bottomRateList, async (req, ctx) => {
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, undefined);
    const { list: rows, pageInfo } = await childrenPage(ctx.db, root, req.searchMemId, { page: req.page, size: req.count_per_list });
    const all = await rollingRows(ctx.db, ctx.site.id, [root, ...rows.map((r) => ({ id: r.id, parentId: r.parent_id }))]);
    return {
      myRateInfo: all.get(root.id)!.map(wire),
      botttomRateList: rows.map((r) => ({
        memId: r.mem_id,
        memNick: r.mem_nick,
        partnerLevel: r.partner_level,
        partnerLevelName: levelName(r.partner_level),
        botRateInfo: all.get(r.id)!.map(wire),
      })),
      pageInfo,
    };
  }),

  defineRoute(c.rateChangeLog, async (req, ctx) => {
    const m = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const { list, pageInfo } = await rateChanges(ctx.db, m.id, req.page);
    return { list, pageInfo };
  }),

  defineRoute(c.adminSaveRates, async (req, ctx) => saveRates(ctx.db, ctx.site.id, editor(ctx), await rateTarget(ctx.db, ctx.site.id, req.memId), req.rateList, ctx.clock.now())),
];
