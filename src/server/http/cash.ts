import { cashCalls } from '../../contract/cash.js';
import { pointCalls } from '../../contract/point.js';
import type { AuthedContext } from '../context.js';
import { cancelRequest, requestDeposit, requestWithdrawal } from '../domain/money/cashRequests.js';
import { ownMoves, ownPoints, ownRequests } from '../domain/reports/moneyLists.js';
import { dateRange } from '../domain/common/dateRange.js';
import { convertPoints } from '../domain/money/points.js';
import { notifyOperators } from '../domain/site/operatorHome.js';
import { refuseWhenBanned } from '../domain/site/moneySettings.js';
import { siteOptions } from '../domain/site/siteOptions.js';
import { actorOf, settle } from './moneyCommon.js';
import { defineRoute } from '../handler.js';

const options = (ctx: AuthedContext) => ({
  ...siteOptions(ctx.site),
  outPass: { maxTries: ctx.config.outPassMaxTries, lockMinutes: ctx.config.outPassLockMinutes },
});
/** A request arrived or was cancelled: the operators' pending counts change. */
const toOperators = <T>(ctx: AuthedContext, answer: T): T => {
  notifyOperators(ctx, ctx.site.id, 'cash');
  return answer;
};

/** Player cash and point calls: deposit and withdrawal requests, their list and cancel, own cash movements, points. */
export const cashRoutes = [
  defineRoute(cashCalls.deposit, async (req, ctx) => {
    await refuseWhenBanned(ctx.db, ctx.site.id, 'in');
    return toOperators(ctx, await settle(ctx, await requestDeposit(ctx.db, actorOf(ctx, cashCalls.deposit, req), req.cashAmt, options(ctx))));
  }),

  defineRoute(cashCalls.withdraw, async (req, ctx) => {
    await refuseWhenBanned(ctx.db, ctx.site.id, 'out');
    return toOperators(
      ctx,
      await settle(ctx, await requestWithdrawal(ctx.db, actorOf(ctx, cashCalls.withdraw, req), { amount: req.cashAmt, cashOutPass: req.cashOutPass }, options(ctx))),
    );
  }),

  defineRoute(cashCalls.list, async (req, ctx) =>
    ownRequests(ctx.db, ctx.caller.id, { cashType: req.cashType, range: dateRange(ctx.clock.now(), req.startDate, req.endDate, 2), page: req.page }),
  ),

  // the caller's own ledger rows only: the call names no member (a memId sent is dropped by the contract)
  defineRoute(cashCalls.moves, async (req, ctx) => ownMoves(ctx.db, ctx.caller.id, { range: dateRange(ctx.clock.now(), req.startDate, req.endDate, 7), page: req.page })),

  defineRoute(cashCalls.cancel, async (req, ctx) => toOperators(ctx, await settle(ctx, await cancelRequest(ctx.db, actorOf(ctx, cashCalls.cancel, req), req.cashIdx)))),

  defineRoute(pointCalls.list, async (req, ctx) =>
    ownPoints(ctx.db, ctx.caller.id, { pointType: req.pointType, range: dateRange(ctx.clock.now(), req.startDate, req.endDate, 7), page: req.page }),
  ),

  defineRoute(pointCalls.convert, async (req, ctx) => await settle(ctx, await convertPoints(ctx.db, actorOf(ctx, pointCalls.convert, req), req.pointAmt))),
];
