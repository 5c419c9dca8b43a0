import { sql } from 'kysely';
import { cashStatus, cashTypes, pointTypes } from '../../../contract/enums.js';
import { kstDayStart } from '../common/time.js';
import type { MoneyTx } from './ledger.js';

/** Percent of an approved deposit paid as points, per event; 0 turns an event off. */
export interface DepositEventRates {
  signupFirstPct: number;
  dailyFirstPct: number;
  everyPct: number;
}

const pct = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 100 ? v : 0);

/** The rates as stored in site.options (absent = 0, off). */
export function depositEventRates(options: Record<string, unknown> | null | undefined): DepositEventRates {
  const o = options ?? {};
  return { signupFirstPct: pct(o.eventSignupFirstPct), dailyFirstPct: pct(o.eventDailyFirstPct), everyPct: pct(o.eventEveryPct) };
}

/** Stored option keys of each rate. */
export const depositEventKeys = { signupFirstPct: 'eventSignupFirstPct', dailyFirstPct: 'eventDailyFirstPct', everyPct: 'eventEveryPct' } as const;

/**
 * Which event an approved deposit earns: at most one, the most specific that is on, in the order
 * sign-up first deposit (5: the member's first approved deposit ever), daily first deposit (6: the
 * first approved in its Korea-time day), every deposit (7). Points = floor(amount x percent / 100).
 */
export function depositEventFor(
  r: DepositEventRates,
  amount: number,
  history: { approvedBefore: number; approvedToday: number },
): { pointType: number; pct: number; points: number } | null {
  const candidates: [number, number, boolean][] = [
    [pointTypes.signupFirstDeposit, r.signupFirstPct, history.approvedBefore === 0],
    [pointTypes.dailyFirstDeposit, r.dailyFirstPct, history.approvedToday === 0],
    [pointTypes.everyDeposit, r.everyPct, true],
  ];
  for (const [pointType, p, applies] of candidates) {
    if (!applies || p <= 0) continue;
    const points = Math.floor((amount * Math.round(p * 100)) / 10_000);
    return points > 0 ? { pointType, pct: p, points } : null;
  }
  return null;
}

/**
 * Inside a deposit's approval (same transaction, member and house already locked): pays the
 * deposit event, if any, as a point movement house -> member tied to the request. A request that
 * already carries an event entry pays nothing more, so the approval and its event happen once.
 */
export async function payDepositEvent(m: MoneyTx, req: { id: number; member_id: number; amount: number }, house: number) {
  const { rows } = await sql<{ options: Record<string, unknown>; before: string; today: string; paid: string }>`
    select s.options,
      (select count(*) from cash_request c where c.member_id = ${req.member_id}::bigint and c.cash_type = ${cashTypes.deposit}
         and c.status = ${cashStatus.complete} and c.id <> ${req.id}::bigint) as before,
      (select count(*) from cash_request c where c.member_id = ${req.member_id}::bigint and c.cash_type = ${cashTypes.deposit}
         and c.status = ${cashStatus.complete} and c.id <> ${req.id}::bigint and c.updated_at >= ${kstDayStart(m.at)}::timestamptz) as today,
      (select count(*) from ledger_entry e where e.cash_request_id = ${req.id}::bigint and e.kind = 'point') as paid
    from site s where s.id = ${m.siteId}
  `.execute(m.trx);
  const row = rows[0];
  if (!row || Number(row.paid) > 0) return;
  const ev = depositEventFor(depositEventRates(row.options), req.amount, { approvedBefore: Number(row.before), approvedToday: Number(row.today) });
  if (!ev) return;
  m.transfer({
    kind: 'point', from: house, to: req.member_id, amount: ev.points, fromType: ev.pointType, toType: ev.pointType,
    short: 'E001', cashRequestId: req.id, memo: 'deposit event',
    detail: { cashIdx: req.id, depositAmt: req.amount, pointBonusRate: ev.pct },
  });
}
