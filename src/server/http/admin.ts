import { adminCalls } from '../../contract/admin.js';
import { processRequest } from '../domain/money/cashRequests.js';
import { checkLedger, keepLedgerCheck } from '../domain/money/ledgerCheck.js';
import { siteRequests } from '../domain/reports/moneyLists.js';
import { dateRange } from '../domain/common/dateRange.js';
import { adminGrant, storedBalance } from '../domain/money/transfers.js';
import { notifyOperators, operatorDashboard } from '../domain/site/operatorHome.js';
import { loginAttack } from '../domain/auth/attack.js';
import { firstDayChecklist } from '../domain/site/firstDay.js';
import { siteChainBroken } from '../domain/site/auditAnchor.js';
import { cashDecided } from '../domain/push/events.js';
import { pushDecided } from '../domain/money/cashEvents.js';
import { actorOf, settle } from './moneyCommon.js';
import { defineRoute } from '../handler.js';

/** Operator money calls: the home, the cash request queue, approvals, grants, ledger health. */
export const adminMoneyRoutes = [
  defineRoute(adminCalls.dashboard, async (_req, ctx) => ({
    ...(await operatorDashboard(ctx.db, ctx.site.id, ctx.clock.now())),
    loginAttack: await loginAttack(ctx.db, ctx.caller.id, ctx.clock.now()),
    auditBroken: siteChainBroken(ctx.site.id),
  })),

  defineRoute(adminCalls.firstDay, (_req, ctx) => firstDayChecklist(ctx.db, ctx.site, ctx.caller.id)),

  defineRoute(adminCalls.cashList, async (req, ctx) =>
    siteRequests(ctx.db, ctx.site.id, {
      cashStatus: req.cashStatus,
      cashType: req.cashType,
      memId: req.memId || undefined,
      open: req.openYn === 'Y',
      order: req.order ?? 'desc',
      range: req.startDate || req.endDate ? dateRange(ctx.clock.now(), req.startDate, req.endDate, 30) : undefined,
      page: req.page,
      perPage: req.count_per_list,
    }),
  ),

  defineRoute(adminCalls.cashProcess, async (req, ctx) => {
    const moved = await processRequest(ctx.db, actorOf(ctx, adminCalls.cashProcess, req), req.cashIdx, req.cashStatus);
    const r = await settle(ctx, moved);
    notifyOperators(ctx, ctx.site.id, 'cash');
    if (!moved.replayed) {
      cashDecided(ctx, ctx.site.id, r.cashIdx);
      await pushDecided(ctx.db, ctx.live, ctx.site.id, r.cashIdx, moved.changed);
    }
    return r;
  }),

  defineRoute(adminCalls.grant, async (req, ctx) => {
    const balance = () => storedBalance(ctx.db, ctx.site.id, req.memId ?? '');
    const before = await balance();
    const out = await settle(
      ctx,
      await adminGrant(ctx.db, actorOf(ctx, adminCalls.grant, req), { memId: req.memId, amount: req.cashAmt, mode: req.mode, memo: req.memo, kind: req.kind }),
    );
    const { requestId: _rid, ...asked } = req;
    // the row names the member's ledger row the grant wrote, the number its receipt shows
    ctx.audit = { target: `memId=${out.memId}`, before: before ?? null, after: { ...asked, ...(await balance()), logIdx: out.logIdx } };
    return out;
  }),

  defineRoute(adminCalls.ledgerCheck, async (_req, ctx) => {
    const r = await checkLedger(ctx.db, ctx.site.id);
    await keepLedgerCheck(ctx.db, ctx.site.id, r);
    return r;
  }),
];
