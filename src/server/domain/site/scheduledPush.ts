import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import type { Db } from '../../db/driver.js';
import { inCheckWindow } from './siteRow.js';

type Ctx = Pick<Deps, 'db' | 'live' | 'clock'>;

/** Replaces the site's pending INSPECT push: one at `at`, or none when `at` is null or not later than now. */
export async function scheduleInspect(db: Db, siteId: string, at: Date | null, now: Date) {
  await db.transaction().execute(async (trx) => {
    await sql`delete from scheduled_push where site_id = ${siteId} and kind = 'INSPECT' and fired_at is null`.execute(trx);
    if (at && at > now) await sql`insert into scheduled_push (site_id, kind, fire_at) values (${siteId}, 'INSPECT', ${at}::timestamptz)`.execute(trx);
  });
}

/**
 * Fires every stored push that is due. Each row is claimed by the one UPDATE that sets its
 * fired_at (SKIP LOCKED lets other instances pass over rows being claimed), so a push goes out
 * once however many instances poll. INSPECT Y goes out only if the window is still on.
 */
export async function fireDuePushes(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const { rows } = await sql<{ site_id: string; kind: string; check_start: Date | null; check_end: Date | null }>`
    with due as (
      update scheduled_push set fired_at = ${now}::timestamptz
      where id in (select id from scheduled_push where fired_at is null and fire_at <= ${now}::timestamptz order by fire_at limit 100 for update skip locked)
        and fired_at is null
      returning site_id, kind
    )
    select due.site_id, due.kind, s.check_start, s.check_end from due join site s on s.id = due.site_id
  `.execute(ctx.db);
  for (const r of rows) {
    if (r.kind === 'INSPECT' && inCheckWindow(r, now)) ctx.live.publish({ siteId: r.site_id, all: true }, { type: 'INSPECT', data1: 'Y', data2: null });
  }
  return rows.length;
}

/** Polls for due pushes every second (a push is at most about a second late); stop() on shutdown. */
export function startPushScheduler(ctx: Ctx, everyMs = 1_000) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    fireDuePushes(ctx)
      .catch(() => undefined)
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 10));
    },
  };
}
