import type { Deps } from '../deps.js';
import { checkLedger, keepLedgerCheck, type LedgerReport } from './ledgerCheck.js';

/**
 * The ledger check on a schedule, so a broken balance raises `pitboss_ledger_check_failing_sites`
 * without an operator opening the home: every site whose last check (an operator's or this one) is
 * older than `everyMs` is checked and its verdict kept. Each instance looks at a random moment of
 * every sixth of the period and skips a site checked since, so several instances rarely check one
 * site twice. `everyMs` 0 turns it off.
 */
export function startLedgerChecks(ctx: Pick<Deps, 'db'>, everyMs: number, failed: (siteId: string, r: LedgerReport) => void) {
  if (everyMs <= 0) return { stop: () => {} };
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      // the real clock, as checkLedger stamps its reports
      const due = new Date(Date.now() - everyMs);
      const sites = await ctx.db
        .selectFrom('site')
        .leftJoin('ledger_check', 'ledger_check.site_id', 'site.id')
        .select('site.id')
        .where((eb) => eb.or([eb('ledger_check.checked_at', 'is', null), eb('ledger_check.checked_at', '<', due)]))
        .execute();
      for (const { id } of sites) {
        if (stopped) break;
        const r = await checkLedger(ctx.db, id);
        await keepLedgerCheck(ctx.db, id, r);
        if (!r.ok) failed(id, r);
      }
    } catch {
      // the database is away (readiness says so); the next tick tries again
    } finally {
      running = false;
    }
  };
  const tick = Math.max(1_000, everyMs / 6);
  let timer: NodeJS.Timeout;
  const next = () => {
    timer = setTimeout(() => void run().then(() => !stopped && next()), tick * (0.5 + Math.random()));
    timer.unref();
  };
  next();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
