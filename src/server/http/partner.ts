import { callerLocale } from '../domain/games/localNames.js';
import { lockState, unlockMember } from '../domain/auth/lockout.js';
import { clearOutPassLock } from '../domain/money/outPass.js';
import { partnerCalls as c } from '../../contract/partner.js';
import type { AuthedContext } from '../context.js';
import { cashReport, myCashReport, newPayLog, statistics, summary, topInfo, weekTrend } from '../domain/partner/dashboard.js';
import { assertPartnerLists, hierarchy, scoped, scopedBelow } from '../domain/partner/hierarchy.js';
import { dateRange, type Range } from '../domain/common/dateRange.js';
import { pageInfoOf } from '../domain/common/paging.js';
import { requestPartner, partnerJoin } from '../domain/partner/partnerCreate.js';
import { detailAccess, detailInfo, loginLog, memberContext, rollingLog, saveDetail, updatePhone } from '../domain/partner/partnerDetail.js';
import { betLog, newPartnerRateBounds, playedGames } from '../domain/partner/partnerFigures.js';
import { listPage as pageOfList, memIdsAt, retailOrder, searchOf, sitePartnerList, type ListQuery, type RowBuilder } from '../domain/partner/partnerLists.js';
import { memberRows, onlineRows, partnerInfoOf, partnerRows } from '../domain/partner/partnerRows.js';
import { notifyOperators } from '../domain/site/operatorHome.js';
import { siteOptions } from '../domain/site/siteOptions.js';
import { defineRoute } from '../handler.js';

type Dates = { startDate?: string; endDate?: string; oldYn?: 'Y' | 'N' };
/** The window of list figures: all time unless the screen sends dates. */
const figuresWindow = (ctx: AuthedContext, d: Dates): Range | null => (d.startDate || d.endDate ? dateRange(ctx.clock.now(), d.startDate, d.endDate, 0, d.oldYn) : null);
/** Dashboard windows default to today (KST). */
const today = (ctx: AuthedContext, d: Dates = {}) => dateRange(ctx.clock.now(), d.startDate, d.endDate, 0);
/** History tabs default to the last 7 days. */
const history = (ctx: AuthedContext, d: Dates) => dateRange(ctx.clock.now(), d.startDate, d.endDate, 7);

const listPage = <T>(ctx: AuthedContext, q: ListQuery, rows: RowBuilder<T>, range: Range | null) => pageOfList(ctx.db, ctx.caller.id, q, rows, range, callerLocale(ctx));
const levelOf = (v: string | undefined, fallback: string) => (!v ? fallback : v.toUpperCase() === 'ALL' ? 'ALL' : v);

/** Partner back-office: every memId is resolved inside the caller's own subtree first (A002 otherwise). */
export const partnerRoutes = [
  defineRoute(c.topInfo, (_req, ctx) => topInfo(ctx.db, ctx.caller.id)),
  defineRoute(c.statistics, (_req, ctx) => statistics(ctx.db, ctx.caller.id, today(ctx))),
  defineRoute(c.cashReport, (req, ctx) => cashReport(ctx.db, ctx.caller.id, today(ctx, req))),
  defineRoute(c.weekTrend, (_req, ctx) => weekTrend(ctx.db, ctx.caller.id, ctx.clock.now())),
  defineRoute(c.myCashReport, (req, ctx) => myCashReport(ctx.db, ctx.caller.id, today(ctx, req))),
  defineRoute(c.newPayLog, (_req, ctx) => newPayLog(ctx.db, ctx.caller.id)),
  defineRoute(c.summary, async (req, ctx) => summary(ctx.db, (await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId)).id, today(ctx))),

  defineRoute(c.hierarchy, async (req, ctx) => {
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    return hierarchy(ctx.db, root, { treeOption: req.treeOption ?? 'N', page: req.page, perPage: req.count_per_list });
  }),

  defineRoute(c.lowerUserList, async (req, ctx) => {
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const range = figuresWindow(ctx, req);
    return listPage(
      ctx,
      {
        siteId: ctx.site.id,
        rootId: root.id,
        depth: req.treeOption === 'N' ? 'direct' : 'all',
        level: levelOf(req.targetLevel, 'NORMAL'),
        search: searchOf(req.searchType, req.searchValue),
        order: req.orderStr,
        range,
        page: req.page,
        perPage: req.count_per_list,
      },
      memberRows,
      range,
    );
  }),

  defineRoute(c.loginList, async (req, ctx) => {
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const range = figuresWindow(ctx, req);
    return listPage(
      ctx,
      {
        siteId: ctx.site.id,
        rootId: root.id,
        depth: req.treeOption === 'N' ? 'direct' : 'all',
        level: levelOf(req.targetLevel, 'ALL'),
        search: searchOf(req.searchType, req.searchValue),
        order: req.orderStr,
        onlineAt: ctx.clock.now(),
        range,
        page: req.page,
        perPage: req.count_per_list,
      },
      onlineRows,
      range,
    );
  }),

  defineRoute(c.lowerPartnerList, async (req, ctx) => {
    assertPartnerLists(ctx.caller);
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const range = figuresWindow(ctx, req);
    if (root.id === ctx.caller.id && ctx.caller.loginType === 'ADMIN') {
      // the operator's own list: every partner of its site, top level first
      const level = levelOf(req.targetLevel, 'PARTNERS');
      const q = { siteId: ctx.site.id, level, search: searchOf(req.searchType, req.searchValue), page: req.page, perPage: req.count_per_list };
      return sitePartnerList(ctx.db, q, partnerRows, range, callerLocale(ctx));
    }
    return listPage(
      ctx,
      {
        siteId: ctx.site.id,
        rootId: root.id,
        depth: 'all',
        level: levelOf(req.targetLevel, 'PARTNERS').replace(/^ALL$/, 'PARTNERS'),
        search: searchOf(req.searchType, req.searchValue),
        order: req.orderStr,
        range,
        page: req.page,
        perPage: req.count_per_list,
      },
      partnerRows,
      range,
    );
  }),

  defineRoute(c.myPartnerList2, async (req, ctx) => {
    assertPartnerLists(ctx.caller);
    const inner = req.searchType === 'INNER';
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, inner ? req.memId : undefined);
    const range = figuresWindow(ctx, req);
    return listPage(
      ctx,
      {
        siteId: ctx.site.id,
        rootId: root.id,
        depth: inner ? 'direct' : 'all',
        level: inner ? 'PARTNERS' : levelOf(req.partnerLevel, 'PARTNERS').replace(/^ALL$/, 'PARTNERS'),
        search: inner ? null : searchOf('id', req.searchMemId),
        order: 'JOIN_DESC',
        range,
        page: req.page,
        perPage: req.count_per_list,
      },
      partnerRows,
      range,
    );
  }),

  defineRoute(c.myPartnerDirectList, async (req, ctx) => {
    assertPartnerLists(ctx.caller);
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const range = figuresWindow(ctx, req);
    const { list } = await listPage(
      ctx,
      { siteId: ctx.site.id, rootId: root.id, depth: 'direct', level: 'PARTNERS', search: null, order: 'ID_ASC', page: 1, perPage: 500 },
      partnerRows,
      range,
    );
    return { list };
  }),

  defineRoute(c.myMemList, async (req, ctx) => {
    const range = figuresWindow(ctx, req);
    return listPage(
      ctx,
      {
        siteId: ctx.site.id,
        rootId: ctx.caller.id,
        depth: 'all',
        level: levelOf(req.partnerLevel, 'NORMAL'),
        search: searchOf('id', req.searchMemId),
        order: retailOrder(req.orderColumn, req.orderType),
        range,
        page: req.page,
        perPage: req.count_per_list,
      },
      memberRows,
      range,
    );
  }),

  defineRoute(c.myMemDirectList, async (req, ctx) => {
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const range = figuresWindow(ctx, req);
    const search = searchOf(req.searchType, req.searchValue);
    return listPage(
      ctx,
      {
        siteId: ctx.site.id,
        rootId: root.id,
        depth: search?.type === 'upper' ? 'all' : 'direct',
        level: levelOf(req.partnerLevel, 'NORMAL'),
        search,
        order: retailOrder(req.orderColumn, req.orderType),
        range,
        page: req.page,
        perPage: req.count_per_list,
      },
      memberRows,
      range,
    );
  }),

  defineRoute(c.myLoginMem, async (req, ctx) => {
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const q: ListQuery = { siteId: ctx.site.id, rootId: root.id, depth: 'all', level: 'ALL', search: null, order: 'LOGIN_DESC', onlineAt: ctx.clock.now(), page: 1, perPage: 200 };
    return { list: (await listPage(ctx, q, onlineRows, null)).list };
  }),

  defineRoute(c.retailLoginList, async (req, ctx) => {
    const root = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const q: ListQuery = { siteId: ctx.site.id, rootId: root.id, depth: 'all', level: 'ALL', search: null, order: 'LOGIN_DESC', onlineAt: ctx.clock.now(), page: 1, perPage: 200 };
    return { loginMemList: (await listPage(ctx, q, onlineRows, null)).list };
  }),

  defineRoute(c.myMemIds, async (req, ctx) => ({ memIds: await memIdsAt(ctx.db, ctx.caller.id, req.code ?? 'NORMAL') })),

  defineRoute(c.partnerInfo, async (req, ctx) => {
    const m = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    return { partnerInfo: await partnerInfoOf(ctx.db, m.id, figuresWindow(ctx, req), callerLocale(ctx)) };
  }),

  defineRoute(c.updMemPhone, async (req, ctx) => {
    const m = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    await updatePhone(ctx.db, ctx.site.id, m, req.memPhone, ctx.clock.now());
    return null;
  }),

  defineRoute(c.detailInfo, async (req, ctx) =>
    detailInfo(ctx.db, ctx.site.id, await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId), ctx.clock.now(), siteOptions(ctx.site).realityMinutes),
  ),

  defineRoute(c.detailContext, async (req, ctx) => memberContext(ctx.db, await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId))),

  // only a member strictly below the caller: a partner never unlocks itself or anyone outside its downline
  defineRoute(c.detailUnlock, async (req, ctx) => {
    const m = await scopedBelow(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const now = ctx.clock.now();
    const before = (await lockState(ctx.db, ctx.site.id, m.memId, now)).state;
    await unlockMember(ctx.db, m.id);
    await clearOutPassLock(ctx.db, m.id);
    ctx.audit = { target: `memId=${m.memId}`, before, after: (await lockState(ctx.db, ctx.site.id, m.memId, now)).state };
    return { memId: m.memId };
  }),

  defineRoute(c.detailInfoSave, async (req, ctx) => {
    const m = await scopedBelow(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const access = () => detailAccess(ctx.db, m.id);
    const before = await access();
    await saveDetail(ctx.db, ctx.sessions, ctx.site.id, m, { memNick: req.memNick, loginYn: req.loginYn }, ctx.clock.now());
    // the nickname is in the member's kept info answer, and no event announces it
    await ctx.infoCache.changed(ctx.site.id, m.memId);
    ctx.audit = { target: `memId=${m.memId}`, before, after: await access() };
    if (req.loginYn === 'N') ctx.live.publish({ siteId: ctx.site.id, memId: m.memId }, { type: 'LOGOUT' });
    return null;
  }),

  defineRoute(c.loginLog, async (req, ctx) => loginLog(ctx.db, (await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId)).id, req.page)),

  defineRoute(c.rollingLogNew, async (req, ctx) =>
    rollingLog(ctx.db, (await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId)).id, history(ctx, req), req.page, callerLocale(ctx)),
  ),

  defineRoute(c.playGameList, async (req, ctx) => {
    const m = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const r = await playedGames(ctx.db, m.id, callerLocale(ctx), { range: history(ctx, req), page: req.page, perPage: 10 });
    return { list: r.list, pageInfo: pageInfoOf(req.page, r.total, 10) };
  }),

  defineRoute(c.betListNew, async (req, ctx) => {
    const m = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    const minWin = req.searchValue && Number.isFinite(Number(req.searchValue)) ? Number(req.searchValue) * 10_000 : undefined;
    const r = await betLog(ctx.db, m.id, callerLocale(ctx), { range: history(ctx, req), minWin, page: req.page, perPage: 10 });
    return { list: r.list, pageInfo: pageInfoOf(req.page, r.total, 10) };
  }),

  defineRoute(c.createPartner, async (req, ctx) => {
    const r = await requestPartner(ctx.db, ctx.site.id, ctx.caller, { ...req, bankAcc: req.bankAcc ?? req.bankacc }, ctx.clock.now());
    // a partner made at once is a new login: it goes to the audit chain (the body without its passwords)
    if (r.status === 1) ctx.audit = { target: `memId=${r.memId}` };
    else notifyOperators(ctx, ctx.site.id, 'partnerRequests');
    return r;
  }),

  defineRoute(c.partnerJoin, (req, ctx) => partnerJoin(ctx.db, ctx.site.id, ctx.caller, req)),

  defineRoute(c.partnerRates, async (req, ctx) => {
    const parent = await scoped(ctx.db, ctx.site.id, ctx.caller, req.memId);
    // the operator's own row stands for the house: a top-level partner's bounds
    return { rateMaxMinList: await newPartnerRateBounds(ctx.db, parent.loginType === 'ADMIN' ? null : parent.id) };
  }),
];
