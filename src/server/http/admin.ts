import { adminCalls } from '../../contract/admin.js';
import { processRequest } from '../domain/money/cashRequests.js';
import { checkLedger } from '../domain/money/ledgerCheck.js';
import { dateRange, siteRequests } from '../domain/money/moneyQueries.js';
import { adminGrant } from '../domain/money/transfers.js';
import { actorOf, settle } from './moneyCommon.js';
import { defineRoute } from './route.js';

/** Operator money calls: the cash request queue, approvals, grants, ledger health. */
export const adminMoneyRoutes = [
  defineRoute(adminCalls.cashList, async (req, ctx) =>
    siteRequests(ctx.db, ctx.site.id, {
      cashStatus: req.cashStatus, cashType: req.cashType, memId: req.memId || undefined,
      range: req.startDate || req.endDate ? dateRange(ctx.clock.now(), req.startDate, req.endDate, 30) : undefined,
      page: req.page, perPage: req.count_per_list,
    })),

  defineRoute(adminCalls.cashProcess, async (req, ctx) =>
    settle(ctx, await processRequest(ctx.db, actorOf(ctx, adminCalls.cashProcess, req.requestId), req.cashIdx, req.cashStatus))),

  defineRoute(adminCalls.grant, async (req, ctx) =>
    settle(ctx, await adminGrant(ctx.db, actorOf(ctx, adminCalls.grant, req.requestId), { memId: req.memId, amount: req.cashAmt, mode: req.mode, memo: req.memo, kind: req.kind }))),

  defineRoute(adminCalls.ledgerCheck, async (_req, ctx) => checkLedger(ctx.db, ctx.site.id)),
];
