/**
 * The operator's home: what waits (open cash requests, unanswered inquiries, partner requests),
 * the site's figures per KST day, members online and the last ledger check — one read, every part
 * an index range over a day bucket or a small partial index (migration 080).
 */
import { sql } from 'kysely';
import type { AdminDay, AdminHour, AdminPending, adminPendingKinds } from '../../../contract/admin.js';
import { cashStatus, cashTypes } from '../../../contract/moneyKinds.js';
import type { Deps } from '../deps.js';
import type { Db } from '../../db/driver.js';
import { kstDayStart, toWire } from '../common/time.js';
import { lastLedgerCheck } from '../money/ledgerCheck.js';

const DAYS = 30;
/** Accounts that are people of the site (not the operator, not the house and hold accounts). */
const PEOPLE = ['NORMAL', 'PARTNER', 'P_NORMAL'];

export async function pendingCounts(db: Db, siteId: string): Promise<AdminPending> {
  const [cash, qna, partners] = await Promise.all([
    db
      .selectFrom('cash_request')
      .select(['status', 'cash_type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('site_id', '=', siteId)
      .where('status', 'in', [cashStatus.applied, cashStatus.waiting])
      .groupBy(['status', 'cash_type'])
      .execute(),
    db
      .selectFrom('board_post')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_id', '=', siteId)
      .where('board_type', '=', 'faq')
      .where('status', '=', 'WAIT')
      .where('del_yn', '=', 'N')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('partner_request')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_id', '=', siteId)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow(),
  ]);
  const c = { applied: 0, waiting: 0, deposits: 0, withdrawals: 0, appliedIn: 0, appliedOut: 0, waitingIn: 0, waitingOut: 0 };
  for (const r of cash) {
    const n = Number(r.n);
    const deposit = r.cash_type === cashTypes.deposit;
    if (r.status === cashStatus.applied) {
      c.applied += n;
      c[deposit ? 'appliedIn' : 'appliedOut'] += n;
    } else {
      c.waiting += n;
      c[deposit ? 'waitingIn' : 'waitingOut'] += n;
    }
    c[deposit ? 'deposits' : 'withdrawals'] += n;
  }
  const out: AdminPending = { cash: c, qna: Number(qna.n), partnerRequests: Number(partners.n) };
  return out;
}

/**
 * After a request or inquiry arrived or changed: the site's operators get ADMIN_PENDING with the
 * new counts. Never fails the call that caused it.
 */
export function notifyOperators(ctx: Pick<Deps, 'db' | 'live'>, siteId: string, kind: (typeof adminPendingKinds)[number]): void {
  void pendingCounts(ctx.db, siteId).then(
    (p) => ctx.live.publish({ siteId, operators: true }, { type: 'ADMIN_PENDING', data1: kind, data2: JSON.stringify(p) }),
    (e: unknown) => console.error(`[live] pending counts: ${(e as Error).message}`),
  );
}

const emptyDay = (day: string): AdminDay => ({
  day,
  deposits: 0,
  depositCnt: 0,
  withdrawals: 0,
  withdrawalCnt: 0,
  net: 0,
  bets: 0,
  wins: 0,
  ggr: 0,
  rolling: 0,
  newMembers: 0,
});

/** Today by KST hour: the same sources as the days, bucketed by the hour of the time that puts them in the day. */
async function todayByHour(db: Db, siteId: string, now: Date): Promise<AdminHour[]> {
  const from = kstDayStart(now);
  const to = kstDayStart(now, -1);
  const hourOf = (col: string) => sql<number>`extract(hour from ${sql.ref(col)} at time zone 'Asia/Seoul')::int`;
  const [cash, bets, joins] = await Promise.all([
    db
      .selectFrom('cash_request')
      .select([hourOf('updated_at').as('h'), 'cash_type', (eb) => eb.fn.sum<number>('amount').as('a')])
      .where('site_id', '=', siteId)
      .where('status', '=', cashStatus.complete)
      .where('updated_at', '>=', from)
      .where('updated_at', '<', to)
      .groupBy([sql`1`, 'cash_type'])
      .execute(),
    // kept per hour by the accrual step (a day of bets is too many rows to sum on each visit)
    db
      .selectFrom('bet_hour_stat')
      .select([hourOf('hour').as('h'), 'stake as s', 'win as w'])
      .where('site_id', '=', siteId)
      .where('hour', '>=', from)
      .where('hour', '<', to)
      .execute(),
    db
      .selectFrom('member')
      .select([hourOf('created_at').as('h'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('site_id', '=', siteId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('login_type', 'in', PEOPLE)
      .groupBy(sql`1`)
      .execute(),
  ]);
  const hours: AdminHour[] = Array.from({ length: 24 }, (_, hour) => ({ hour, deposits: 0, withdrawals: 0, net: 0, bets: 0, wins: 0, ggr: 0, newMembers: 0 }));
  for (const c of cash) {
    if (c.cash_type === cashTypes.deposit) hours[c.h].deposits += Number(c.a);
    else if (c.cash_type === cashTypes.withdrawal) hours[c.h].withdrawals += Number(c.a);
  }
  for (const b of bets) Object.assign(hours[b.h], { bets: Number(b.s), wins: Number(b.w) });
  for (const j of joins) hours[j.h].newMembers = Number(j.n);
  return hours.map((x) => ({ ...x, net: x.deposits - x.withdrawals, ggr: x.bets - x.wins }));
}

/** The site's last 30 KST days (today last) and what waits now. */
export async function operatorDashboard(db: Db, siteId: string, now: Date) {
  const from = kstDayStart(now, DAYS - 1);
  const to = kstDayStart(now, -1);
  const firstDay = toWire(from).slice(0, 10);
  const lastDay = toWire(now).slice(0, 10);
  const kstDate = (col: string) => sql<string>`to_char(${sql.ref(col)} at time zone 'Asia/Seoul', 'YYYY-MM-DD')`;
  const [pending, bets, cash, joins, online, ledger, hours] = await Promise.all([
    pendingCounts(db, siteId),
    // the tops of the tree ('T' rows cover each one's whole subtree): the same rows the settlement screens read
    db
      .selectFrom('daily_stat as d')
      .innerJoin('member as m', 'm.id', 'd.member_id')
      .select([
        sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('d'),
        (eb) => eb.fn.sum<number>('d.stake').as('s'),
        (eb) => eb.fn.sum<number>('d.win').as('w'),
        (eb) => eb.fn.sum<number>('d.rolling').as('r'),
      ])
      .where('m.site_id', '=', siteId)
      .where('m.parent_id', 'is', null)
      .where('m.login_type', 'in', PEOPLE)
      .where('d.scope', '=', 'T')
      .where('d.day', '>=', firstDay)
      .where('d.day', '<=', lastDay)
      .groupBy('d.day')
      .execute(),
    db
      .selectFrom('cash_request')
      .select([kstDate('updated_at').as('d'), 'cash_type', (eb) => eb.fn.sum<number>('amount').as('a'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('site_id', '=', siteId)
      .where('status', '=', cashStatus.complete)
      .where('updated_at', '>=', from)
      .where('updated_at', '<', to)
      .groupBy([sql`1`, 'cash_type'])
      .execute(),
    db
      .selectFrom('member_join_daily')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('d'), 'joins as n'])
      .where('site_id', '=', siteId)
      .where('day', '>=', firstDay)
      .where('day', '<=', lastDay)
      .execute(),
    db
      .selectFrom('session as s')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .select(sql<number>`count(distinct s.member_id)`.as('n'))
      .where('s.site_id', '=', siteId)
      .where('s.ended_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('m.login_type', 'in', PEOPLE)
      .executeTakeFirstOrThrow(),
    lastLedgerCheck(db, siteId),
    todayByHour(db, siteId, now),
  ]);

  const byDay = new Map<string, AdminDay>();
  for (let i = DAYS - 1; i >= 0; i--) {
    const d = toWire(kstDayStart(now, i)).slice(0, 10);
    byDay.set(d, emptyDay(d));
  }
  for (const b of bets) {
    const x = byDay.get(b.d);
    if (x) Object.assign(x, { bets: Number(b.s), wins: Number(b.w), rolling: Number(b.r) });
  }
  for (const c of cash) {
    const x = byDay.get(c.d);
    if (!x) continue;
    if (c.cash_type === cashTypes.deposit) [x.deposits, x.depositCnt] = [Number(c.a), Number(c.n)];
    else if (c.cash_type === cashTypes.withdrawal) [x.withdrawals, x.withdrawalCnt] = [Number(c.a), Number(c.n)];
  }
  for (const j of joins) {
    const x = byDay.get(j.d);
    if (x) x.newMembers = Number(j.n);
  }
  const days = [...byDay.values()].map((x) => ({ ...x, net: x.deposits - x.withdrawals, ggr: x.bets - x.wins }));
  return { pending, today: { ...days[days.length - 1], online: Number(online.n) }, hours, days, ledger };
}
