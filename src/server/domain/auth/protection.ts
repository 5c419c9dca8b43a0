/**
 * Player protection over the SQL of functions/protection.sql: limits, breaks and self-exclusion,
 * reality checks. The refusals themselves live in the movements (deposit request, wallet bet).
 */
import { sql } from 'kysely';
import { ApiError } from '../../../contract/codes.js';
import { limitKinds, type LimitKind, type ProtectionState } from '../../../contract/protection.js';
import type { Db } from '../../db/driver.js';
import type { Publisher } from '../ports.js';
import { toWire } from '../common/time.js';
import type { SessionCache } from './sessionCache.js';
import { endSessions } from './sessions.js';

const wire = (d: Date | null) => (d ? toWire(new Date(d)) : null);
const ahead = (d: Date | null, now: Date) => (d && new Date(d).getTime() > now.getTime() ? toWire(new Date(d)) : null);

/** A member's limits (a due pending change shown as in force), break and exclusion ends, reality interval. */
export async function protectionState(db: Db, memberId: number, now: Date, realityDefault: number): Promise<ProtectionState> {
  const [rows, p] = await Promise.all([
    db.selectFrom('member_limit').selectAll().where('member_id', '=', memberId).execute(),
    db.selectFrom('member_protection').selectAll().where('member_id', '=', memberId).executeTakeFirst(),
  ]);
  const limits = limitKinds.map((kind) => {
    const r = rows.find((x) => x.kind === kind);
    const due = !!r?.applies_at && new Date(r.applies_at).getTime() <= now.getTime();
    const pending = !!r?.applies_at && !due;
    return {
      kind,
      amount: (due ? r?.pending_amount : r?.amount) ?? null,
      pending,
      pendingAmount: pending ? (r?.pending_amount ?? null) : null,
      appliesAt: pending ? wire(r!.applies_at) : null,
    };
  });
  return {
    limits,
    breakUntil: ahead(p?.break_until ?? null, now),
    excludedUntil: ahead(p?.excluded_until ?? null, now),
    realityMinutes: p?.reality_minutes ?? null,
    realityDefault,
  };
}

/** Whether setting `amount` (null: none) raises or removes a limit now in force: a security change. */
export async function raisesLimit(db: Db, memberId: number, kind: LimitKind, amount: number | null) {
  const row = await db.selectFrom('member_limit').select('amount').where('member_id', '=', memberId).where('kind', '=', kind).executeTakeFirst();
  const current = row?.amount == null ? null : Number(row.amount);
  return current != null && (amount == null || amount > current);
}

export const setLimit = async (db: Db, siteId: string, memberId: number, kind: LimitKind, amount: number | null, now: Date) => {
  await sql`select protection_set_limit(${siteId}, ${memberId}::bigint, ${kind}, ${amount}::bigint, ${now}::timestamptz)`.execute(db);
};

export const setReality = async (db: Db, siteId: string, memberId: number, minutes: number | null, now: Date) => {
  await sql`select protection_set_reality(${siteId}, ${memberId}::bigint, ${minutes}::integer, ${now}::timestamptz)`.execute(db);
};

/** U021 self-excluded or U020 on a break, with `data.until` (Korea time); nothing when free. */
export async function refuseWhenOnBreak(db: Db, memberId: number, now: Date) {
  const { rows } = await sql<{ r: { code: 'U020' | 'U021'; until: string } | null }>`select protection_refusal(${memberId}::bigint, ${now}::timestamptz) as r`.execute(db);
  const r = rows[0]?.r;
  if (r) {
    const until = toWire(new Date(r.until));
    throw new ApiError(r.code, `${r.code === 'U021' ? 'Self-excluded' : 'On a break'} until ${until}`, { until });
  }
}

export interface BreakEnv {
  db: Db;
  sessions: SessionCache;
  live: Publisher;
  siteId: string;
  now: Date;
}

/** Starts a break or self-exclusion (never shortening one already running) and signs the member out everywhere. */
export async function takeBreak(env: BreakEnv, member: { id: number; memId: string }, kind: 'break' | 'exclusion', length: number) {
  const { db, now } = env;
  const until = new Date(now);
  if (kind === 'break') until.setTime(now.getTime() + length * 86_400_000);
  else until.setUTCMonth(until.getUTCMonth() + length);
  await sql`select protection_take_break(${env.siteId}, ${member.id}::bigint, ${kind}, ${until}::timestamptz, ${now}::timestamptz)`.execute(db);
  const ended = await endSessions(db, env.sessions, { memberId: member.id }, now, 'forced');
  for (const id of ended) env.live.publish({ siteId: env.siteId, memId: member.memId, sessionId: id }, { type: 'LOGOUT', data1: 'forced', data2: null });
  const p = await db.selectFrom('member_protection').select(['break_until', 'excluded_until']).where('member_id', '=', member.id).executeTakeFirstOrThrow();
  return { until: toWire(new Date((kind === 'break' ? p.break_until : p.excluded_until)!)) };
}

/** The current sign-in session: its start, and the stakes and wins of the bets placed since. */
export async function playSession(db: Db, sessionId: number) {
  const s = await db.selectFrom('session').select(['member_id', 'created_at']).where('id', '=', sessionId).executeTakeFirstOrThrow();
  const b = await db
    .selectFrom('bet')
    .select([sql<string>`coalesce(sum(stake), 0)`.as('stake'), sql<string>`coalesce(sum(win), 0)`.as('win')])
    .where('member_id', '=', s.member_id)
    .where('created_at', '>=', s.created_at)
    .where('status', '<>', 'cancel')
    .executeTakeFirstOrThrow();
  const betAmt = Number(b.stake);
  const winAmt = Number(b.win);
  return { startedAt: toWire(new Date(s.created_at)), betAmt, winAmt, net: winAmt - betAmt };
}

/** B6011 once the member's net loss reached one of its loss limits (the game launch). */
export async function refuseWhenLossLimitReached(db: Db, memberId: number, now: Date) {
  const { rows } = await sql<{ r: string | null }>`select protection_left(${memberId}::bigint, 'loss', ${now}::timestamptz) as r`.execute(db);
  const left = rows[0]?.r;
  if (left != null && Number(left) <= 0) throw new ApiError('B6011');
}
