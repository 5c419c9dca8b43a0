import type { ParsedReqOf } from '../../contract/define.js';
import { retailCalls } from '../../contract/retail.js';
import type { AuthedContext } from '../context.js';
import { dateRange } from '../domain/common/dateRange.js';
import { bottomCashList, cashSendList, cashTransLog, memberCashLog, scopeRoot, subtreePoints } from '../domain/reports/retail.js';
import { partnerMove } from '../domain/money/transfers.js';
import { actorOf, settle } from './moneyCommon.js';
import { defineRoute } from '../handler.js';

/** bottomCashList and its flagged variant answer alike. */
async function subtreeCash(req: ParsedReqOf<typeof retailCalls.bottomCashList>, ctx: AuthedContext) {
  const rootId = await scopeRoot(ctx.db, ctx.site.id, ctx.caller.id, req.memId);
  return bottomCashList(ctx.db, ctx.caller.id, {
    rootId,
    range: dateRange(ctx.clock.now(), req.startDate, req.endDate, 2, req.oldYn),
    cashType: req.cashType,
    searchType: req.searchType,
    searchWord: req.searchWord,
    page: req.page,
    perPage: req.count_per_list,
    orderColumn: req.orderColumn,
    orderType: req.orderType,
  });
}

/** Partner money: give/retrieve cash and points to direct children, and the subtree's money lists. */
export const retailRoutes = [
  defineRoute(
    retailCalls.cashIn,
    async (req, ctx) =>
      await settle(ctx, await partnerMove(ctx.db, actorOf(ctx, retailCalls.cashIn, req), { memId: req.memId, amount: req.inAmt, memo: req.memo, direction: 'give', kind: 'cash' })),
  ),

  defineRoute(
    retailCalls.cashOut,
    async (req, ctx) =>
      await settle(
        ctx,
        await partnerMove(ctx.db, actorOf(ctx, retailCalls.cashOut, req), { memId: req.memId, amount: req.outAmt, memo: req.memo, direction: 'retrieve', kind: 'cash' }),
      ),
  ),

  defineRoute(
    retailCalls.pointChange,
    async (req, ctx) =>
      await settle(
        ctx,
        await partnerMove(ctx.db, actorOf(ctx, retailCalls.pointChange, req), {
          memId: req.memId,
          amount: req.pointAmt,
          memo: req.memo ?? req.pointDesc,
          direction: req.pointType === 2 ? 'give' : 'retrieve',
          kind: 'point',
        }),
      ),
  ),

  defineRoute(retailCalls.cashSendlist, async (req, ctx) => {
    const top = await scopeRoot(ctx.db, ctx.site.id, ctx.caller.id, req.topMemId);
    return cashSendList(ctx.db, top, {
      range: dateRange(ctx.clock.now(), req.startDate, req.endDate, 7),
      cashType: req.cashType || undefined,
      cashStatus: req.cashStatus,
      botMemId: req.botMemId,
      page: req.page,
      perPage: req.count_per_list,
    });
  }),

  defineRoute(retailCalls.cashTransLog, async (req, ctx) =>
    cashTransLog(ctx.db, ctx.caller, {
      range: dateRange(ctx.clock.now(), req.startDate, req.endDate, 7, req.oldYn),
      memId: req.memId,
      cashTypeList: req.cashTypeList,
      page: req.page,
      perPage: req.count_per_list,
    }),
  ),

  defineRoute(retailCalls.cashLog, async (req, ctx) => {
    const id = await scopeRoot(ctx.db, ctx.site.id, ctx.caller.id, req.memId);
    return memberCashLog(ctx.db, id, { range: dateRange(ctx.clock.now(), req.startDate, req.endDate, 7), cashType: req.cashType, page: req.page });
  }),

  defineRoute(retailCalls.bottomCashList, (req, ctx) => subtreeCash(req, ctx)),
  defineRoute(retailCalls.bottomCashList2, (req, ctx) => subtreeCash(req, ctx)),

  defineRoute(retailCalls.pointList, async (req, ctx) => {
    const rootId = await scopeRoot(ctx.db, ctx.site.id, ctx.caller.id, req.memId);
    const types = req.pointTypeList?.length ? req.pointTypeList : req.pointType !== undefined ? [req.pointType] : undefined;
    return subtreePoints(ctx.db, {
      rootId,
      range: dateRange(ctx.clock.now(), req.startDate, req.endDate, 7, req.oldYn),
      pointTypes: types,
      searchType: req.searchType,
      searchWord: req.searchWord,
      page: req.page,
      perPage: req.count_per_list,
    });
  }),
];
