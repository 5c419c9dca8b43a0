import { ApiError } from '../../contract/codes.js';
import { rateCalls as c } from '../../contract/rate.js';
import type { AuthedContext } from '../context.js';
import { levelName, scoped, scopedBelow, type MemberRef } from '../domain/partner/hierarchy.js';
import { pageInfoOf } from '../domain/common/paging.js';
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

async function children(ctx: AuthedContext, root: MemberRef, search: string | undefined, page: number, per: number) {
  let q = ctx.db.selectFrom('member').where('parent_id', '=', root.id);
  if (search) q = q.where('mem_id', '=', search);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .select(['id', 'mem_id', 'mem_nick', 'partner_level', 'parent_id'])
    .orderBy('partner_level')
    .orderBy('mem_id')
    .limit(per)
    .offset((page - 1) * per)
    .execute();
  return { rows, total: Number(n) };
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
    const { rows, total } = await children(ctx, root, undefined, req.page, req.count_per_list);
    const all = await rollingRows(ctx.db, ctx.site.id, [root, ...rows.map((r) => ({ id: r.id, parentId: r.parent_id }))]);
    return {
      myCategoryRate: flatRates(root.memId, all.get(root.id)!),
      botCategoryRateList: rows.map((r) => ({ ...flatRates(r.mem_id, all.get(r.id)!), memNick: r.mem_nick, partnerLevel: r.partner_level })),
      pageInfo: pageInfoOf(req.page, total, req.count_per_list),
    };
  }),

  defineRoute(c.bottomRateList, async (req, ctx) => {
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, undefined);
    const { rows, total } = await children(ctx, root, req.searchMemId, req.page, req.count_per_list);
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
      pageInfo: pageInfoOf(req.page, total, req.count_per_list),
    };
  }),

  defineRoute(c.rateChangeLog, async (req, ctx) => {
    const m = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const q = ctx.db
      .selectFrom('rate_change as r')
      .innerJoin('member as by', 'by.id', 'r.changed_by')
      .leftJoin('vendor as v', 'v.id', 'r.vendor_id')
      .where('r.member_id', '=', m.id);
    const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
    const rows = await q
      .select(['r.category', 'v.code', 'r.rate_type', 'r.before_point', 'r.before_lose', 'r.after_point', 'r.after_lose', 'by.mem_id', 'r.created_at'])
      .orderBy('r.id', 'desc')
      .limit(10)
      .offset((req.page - 1) * 10)
      .execute();
    return {
      list: rows.map((r) => ({
        category: r.category,
        vendorCode: r.code ?? '',
        rateType: r.rate_type ?? '',
        beforePointRate: Number(r.before_point),
        beforeLoseRate: Number(r.before_lose),
        afterPointRate: Number(r.after_point),
        afterLoseRate: Number(r.after_lose),
        changedBy: r.mem_id,
        regDate: toWire(r.created_at),
      })),
      pageInfo: pageInfoOf(req.page, Number(n), 10),
    };
  }),

  defineRoute(c.adminSaveRates, async (req, ctx) => {
    const m = await ctx.db
      .selectFrom('member')
      .select(['id', 'parent_id'])
      .where('site_id', '=', ctx.site.id)
      .where('mem_id', '=', req.memId ?? '')
      .where('login_type', 'in', ['PARTNER', 'NORMAL', 'P_NORMAL'])
      .executeTakeFirst();
    if (!m) throw new ApiError('U001');
    return saveRates(ctx.db, ctx.site.id, editor(ctx), { id: m.id, parentId: m.parent_id }, req.rateList, ctx.clock.now());
  }),
];
