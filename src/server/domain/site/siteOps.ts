import { endSessions } from '../auth/sessions.js';
import { sql } from 'kysely';
import { ApiError, fail } from '../../../contract/codes.js';
import type { Deps } from '../deps.js';
import { inCheckWindow, type SiteRow } from './siteRow.js';
import type { Db } from '../../db/driver.js';
import { fromWire, toWire } from '../common/time.js';
import { siteMoneySettings } from './moneySettings.js';
import { scheduleInspect } from './scheduledPush.js';

type Ctx = Pick<Deps, 'db' | 'live' | 'clock'>;
type SessionsCtx = Ctx & Pick<Deps, 'sessions'>;
/** A change the site row cache holds: dropped on every instance before anyone online is told, so a client that asks at once reads the new row. */
type RowCtx = Ctx & Pick<Deps, 'sites'>;
type Window = Pick<SiteRow, 'check_start' | 'check_end'>;

const windowAnswer = (w: Window, now: Date) => ({
  startDate: w.check_start ? toWire(w.check_start) : null,
  endDate: w.check_end ? toWire(w.check_end) : null,
  inCheck: inCheckWindow(w, now),
});

async function loadWindow(db: Db, siteId: string): Promise<Window> {
  return db.selectFrom('site').select(['check_start', 'check_end']).where('id', '=', siteId).executeTakeFirstOrThrow();
}

/**
 * Sets (or, with both dates empty, clears) the site check window. Everyone online is told at
 * once when the window is active now (INSPECT Y), and when an active window is lifted (INSPECT N);
 * a window that starts later is stored as a scheduled push that fires at its start.
 */
export async function setCheckWindow(ctx: RowCtx, siteId: string, req: { startDate?: string | null; endDate?: string | null }) {
  const { startDate, endDate } = req;
  if (!!startDate !== !!endDate) throw new ApiError('V001', 'startDate and endDate: both or neither');
  const w: Window = { check_start: startDate ? fromWire(startDate) : null, check_end: endDate ? fromWire(endDate) : null };
  if (w.check_start && w.check_end && w.check_end <= w.check_start) throw new ApiError('V001', 'endDate: must be after startDate');
  const now = ctx.clock.now();
  const before = await loadWindow(ctx.db, siteId);
  await ctx.db.updateTable('site').set(w).where('id', '=', siteId).execute();
  await ctx.sites.changed(siteId);
  const active = inCheckWindow(w, now);
  if (active) ctx.live.publish({ siteId, all: true }, { type: 'INSPECT', data1: 'Y', data2: null });
  else if (inCheckWindow(before, now)) ctx.live.publish({ siteId, all: true }, { type: 'INSPECT', data1: 'N', data2: null });
  await scheduleInspect(ctx.db, siteId, w.check_start, now);
  return windowAnswer(w, now);
}

/** Whether betting is locked site-wide; the bet path refuses while it is. */
export async function isBetLocked(db: Db, siteId: string): Promise<boolean> {
  const r = await sql<{ lock_bet_yn: string }>`select lock_bet_yn from site where id = ${siteId}`.execute(db);
  return r.rows[0]?.lock_bet_yn === 'Y';
}

/** Locks or unlocks betting and tells everyone online: data1 the lock, data2 whether betting is allowed. */
export async function setBetLock(ctx: RowCtx, siteId: string, lockBetYn: 'Y' | 'N') {
  await sql`update site set lock_bet_yn = ${lockBetYn} where id = ${siteId}`.execute(ctx.db);
  await ctx.sites.changed(siteId);
  ctx.live.publish({ siteId, all: true }, { type: 'LOCK_BET_YN', data1: lockBetYn, data2: lockBetYn === 'Y' ? 'N' : 'Y' });
  return { lockBetYn };
}

export async function siteState(ctx: Ctx, siteId: string) {
  const [w, locked, cash] = await Promise.all([loadWindow(ctx.db, siteId), isBetLocked(ctx.db, siteId), siteMoneySettings(ctx.db, siteId)]);
  return { ...windowAnswer(w, ctx.clock.now()), lockBetYn: locked ? ('Y' as const) : ('N' as const), ...cash };
}

/** Ends every open session of a member (end_reason forced) and pushes LOGOUT to its sockets. */
export async function forceLogout(ctx: SessionsCtx, siteId: string, memId: string) {
  const m = await ctx.db.selectFrom('member').select(['id', 'login_type']).where('site_id', '=', siteId).where('mem_id', '=', memId).executeTakeFirst();
  if (!m || m.login_type === 'HOUSE') fail('U001');
  const ended = await endSessions(ctx.db, ctx.sessions, { memberId: m.id }, ctx.clock.now(), 'forced');
  ctx.live.publish({ siteId, memId }, { type: 'LOGOUT', data1: 'forced', data2: null });
  return { ended: ended.length };
}
