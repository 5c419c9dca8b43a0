import { adminSecurityCalls as c } from '../../contract/admin.js';
import type { AuthedContext } from '../context.js';
import { lockState, unlockMember } from '../domain/auth/lockout.js';
import { clearOutPassLock } from '../domain/money/outPass.js';
import { shownBalances } from '../domain/money/shownBalance.js';
import { listAudit, verifyAuditChain } from '../domain/site/audit.js';
import { listIpBlocks, setIpBlock } from '../domain/site/ipBlock.js';
import { protectionState } from '../domain/auth/protection.js';
import { siteOptions } from '../domain/site/siteOptions.js';
import { defineRoute } from '../handler.js';

/** Operator security calls: member locks, address blocks, the audit log. */
export const adminSecurityRoutes = [
  // with the player's own protection, read only: nothing here changes it
  defineRoute(c.memberState, async (req, ctx) => {
    const now = ctx.clock.now();
    const { id, player, state } = await lockState(ctx.db, ctx.site.id, req.memId, now);
    const [balance, protection] = await Promise.all([shownBalances(ctx.db, id), player ? protectionState(ctx.db, id, now, siteOptions(ctx.site).realityMinutes) : null]);
    return { ...state, ...balance, protection };
  }),

  defineRoute(c.memberUnlock, async (req, ctx: AuthedContext) => {
    const now = ctx.clock.now();
    const { id, state } = await lockState(ctx.db, ctx.site.id, req.memId, now);
    await unlockMember(ctx.db, id);
    await clearOutPassLock(ctx.db, id);
    const after = (await lockState(ctx.db, ctx.site.id, req.memId, now)).state;
    ctx.audit = { target: `memId=${state.memId}`, before: state, after };
    return after;
  }),

  defineRoute(c.ipBlock, async (req, ctx: AuthedContext) => {
    const r = await setIpBlock(ctx, ctx.site.id, { id: ctx.caller.id, ip: ctx.ip }, req.ip, req.blockYn);
    ctx.audit = { target: `ip=${r.ip}`, before: { blocked: r.existed }, after: { blocked: req.blockYn === 'Y', sessionsEnded: r.ended } };
    return { ip: r.ip, blockYn: r.blockYn };
  }),

  defineRoute(c.ipBlockList, async (_req, ctx) => listIpBlocks(ctx.db, ctx.site.id)),

  defineRoute(c.auditList, async (req, ctx) =>
    listAudit(ctx.db, ctx.site.id, { page: req.page, perPage: req.count_per_list, actorId: req.actorId || undefined, action: req.action || undefined }),
  ),

  defineRoute(c.auditVerify, async (_req, ctx) => {
    const v = await verifyAuditChain(ctx.db, ctx.site.id);
    return v.ok ? { ok: true, rows: v.rows, auditIdx: null, seq: null, reason: null } : v;
  }),
];
