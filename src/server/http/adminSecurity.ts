import { adminSecurityCalls as c } from '../../contract/admin.js';
import { ApiError } from '../../contract/codes.js';
import type { AuthedContext } from '../context.js';
import type { Db } from '../db/driver.js';
import { unlockMember } from '../domain/auth/lockout.js';
import { twoFactorOn } from '../domain/auth/twoFactor.js';
import { clearOutPassLock } from '../domain/money/outPass.js';
import { shownBalances } from '../domain/money/shownBalance.js';
import { listAudit, verifyAuditChain } from '../domain/site/audit.js';
import { listIpBlocks, setIpBlock } from '../domain/site/ipBlock.js';
import { toWire } from '../domain/common/time.js';
import { protectionState } from '../domain/auth/protection.js';
import { siteOptions } from '../domain/site/siteOptions.js';
import { defineRoute } from '../handler.js';

const wireIfAhead = (d: Date | string | null, now: Date) => (d && new Date(d).getTime() > now.getTime() ? toWire(new Date(d)) : null);

/** A member's lock state (login and withdrawal password), the before and after of every unlock. */
export async function lockState(db: Db, siteId: string, memId: string, now: Date) {
  const m = await db
    .selectFrom('member')
    .select(['id', 'mem_id', 'mem_nick', 'failed_logins', 'locked_until', 'out_locked_until', 'login_type'])
    .where('site_id', '=', siteId)
    .where('mem_id', '=', memId)
    .executeTakeFirst();
  if (!m || m.login_type === 'HOUSE') throw new ApiError('U001');
  return {
    id: m.id,
    player: m.login_type === 'NORMAL',
    state: {
      memId: m.mem_id,
      memNick: m.mem_nick,
      failedLogins: m.failed_logins,
      lockedUntil: wireIfAhead(m.locked_until, now),
      outLockedUntil: wireIfAhead(m.out_locked_until, now),
      otpYn: (await twoFactorOn(db, m.id)) ? ('Y' as const) : ('N' as const),
    },
  };
}

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
