/** The partner dashboard: head counts, today's figures, money reports and recent gives/retrieves. */
import { cashTypes } from '../../../contract/moneyKinds.js';
import type { Db } from '../../db/driver.js';
import type { Range } from '../common/dateRange.js';
import { memberRates, subtreeBetTotals } from './partnerFigures.js';
import { ownCashByType, subtreeHoldings, subtreeRequests, subtreeTransfers } from './partnerMoney.js';
import { levelName } from './hierarchy.js';
import { kstDay, kstDayStart, toWire } from '../common/time.js';

export async function topInfo(db: Db, callerId: number) {
  const [h, rates] = await Promise.all([subtreeHoldings(db, [callerId]), memberRates(db, [callerId])]);
  const me = h.get(callerId)!;
  const r = rates.get(callerId)!;
  return { mainTopInfo: { userCnt: me.count, totalCashAmt: me.cashAmt, totalPointAmt: me.pointAmt, casinoRate: r.casinoRate, slotRate: r.slotRate } };
}

/** Today: the downline's completed deposits/withdrawals and joins, the caller's own gives and retrieves (coupons it issued and got back counted with them, as its money report counts them). */
export async function statistics(db: Db, callerId: number, today: Range) {
  const [req, own, bets, joins] = await Promise.all([
    subtreeRequests(db, [callerId], today, 1),
    ownCashByType(db, callerId, today),
    subtreeBetTotals(db, callerId, today),
    db
      .selectFrom('member_path as p')
      .innerJoin('member as m', 'm.id', 'p.descendant_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('p.ancestor_id', '=', callerId)
      .where('p.depth', '>', 0)
      .where('m.created_at', '>=', today.from)
      .where('m.created_at', '<', today.to)
      .executeTakeFirstOrThrow(),
  ]);
  const r = req.get(callerId)!;
  const moved = (type: number) => Math.abs(own.get(type) ?? 0);
  return {
    mainStatisticsInfo: {
      dCashIn: r.cashIn,
      dCashInCnt: r.cashInCnt,
      dCashOut: r.cashOut,
      dCashOutCnt: r.cashOutCnt,
      dPayment: moved(cashTypes.holdingsGrant) + moved(cashTypes.couponIssue),
      dPayback: moved(cashTypes.holdingsRecovery) + moved(cashTypes.couponReturn),
      dJoinCnt: Number(joins.n),
      dBetBEP: bets.betBEP,
    },
  };
}

/** The downline's money in and out over a window; holdings are current. */
export async function cashReport(db: Db, callerId: number, range: Range) {
  const [req, moves, h, bets] = await Promise.all([
    subtreeRequests(db, [callerId], range, 1),
    subtreeTransfers(db, callerId, range),
    subtreeHoldings(db, [callerId]),
    subtreeBetTotals(db, callerId, range),
  ]);
  const r = req.get(callerId)!;
  const me = h.get(callerId)!;
  return {
    cashReport: {
      cashIn: r.cashIn,
      payment: moves.payment,
      inPaymentSum: r.cashIn + moves.payment,
      cashOut: r.cashOut,
      payback: moves.payback,
      outPaybackSum: r.cashOut + moves.payback,
      couponCash: moves.coupon,
      normalCashAmt: me.normalCashAmt,
      partnerCashAmt: me.partnerCashAmt,
      betAmt: bets.betAmt,
      winAmt: bets.winAmt,
      betBEP: bets.betBEP,
      totalPointAmt: me.pointAmt,
    },
  };
}

/** Each of the last seven Korea-time days (today last): the same three figures cashReport gives for a one-day window. */
export async function weekTrend(db: Db, callerId: number, now: Date) {
  const days = [6, 5, 4, 3, 2, 1, 0].map((back) => {
    const from = kstDayStart(now, back);
    return { from, to: new Date(from.getTime() + 86_400_000) };
  });
  const rows = await Promise.all(
    days.map(async (range) => {
      const [req, bets] = await Promise.all([subtreeRequests(db, [callerId], range, 1), subtreeBetTotals(db, callerId, range)]);
      const r = req.get(callerId)!;
      return { day: kstDay(range.from), cashIn: r.cashIn, cashOut: r.cashOut, betBEP: bets.betBEP };
    }),
  );
  return { weekTrend: rows };
}

/**
 * The caller's own balance changes over a window by ledger type. Withdrawals count when held
 * (a returned one comes back as a positive -1 entry), so increase - decrease is the balance change.
 * A partner issues coupons only to its own downline, so its issues count as gives down (하위 지급)
 * and an expired one's returned reserve as a retrieve (하위 회수): the spec's fields have no other place.
 */
export async function myCashReport(db: Db, callerId: number, range: Range) {
  const t = await ownCashByType(db, callerId, range);
  const up = (type: number) => Math.max(0, t.get(type) ?? 0);
  const down = (type: number) => Math.max(0, -(t.get(type) ?? 0));
  const inc = {
    cashIn: up(cashTypes.deposit),
    adminPayment: up(cashTypes.adminGrant),
    upperPayment: up(cashTypes.upperGrant),
    myPayback: up(cashTypes.holdingsRecovery) + up(cashTypes.couponReturn),
    changePoint: up(cashTypes.pointConversion),
    couponCash: up(cashTypes.couponCash),
  };
  const dec = {
    cashOut: down(cashTypes.withdrawal),
    adminPayback: down(cashTypes.adminRecovery),
    upperPayback: down(cashTypes.upperRecovery),
    myPayment: down(cashTypes.holdingsGrant) + down(cashTypes.couponIssue),
  };
  const total = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
  return { myCashReport: { ...inc, increaseTotal: total(inc), ...dec, decreaseTotal: total(dec) } };
}

/** The caller's 10 latest gives (-3) and retrieves (3), with the other side's nickname. */
export async function newPayLog(db: Db, callerId: number) {
  const latest = (type: number) =>
    db
      .selectFrom('ledger_entry as e')
      .innerJoin('member as c', 'c.id', 'e.counterpart_id')
      .select(['c.mem_id', 'c.mem_nick', 'e.amount', 'e.created_at'])
      .where('e.member_id', '=', callerId)
      .where('e.kind', '=', 'cash')
      .where('e.type_code', '=', type)
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(10)
      .execute();
  const [pay, back] = await Promise.all([latest(cashTypes.holdingsGrant), latest(cashTypes.holdingsRecovery)]);
  const row = (r: (typeof pay)[number]) => ({ memId: r.mem_id, memNick: r.mem_nick, cashAmt: Math.abs(r.amount), updDate: toWire(r.created_at) });
  return { mainNewPayLog: { newPaymentList: pay.map(row), newPaybackList: back.map(row) } };
}

/** Head counts and holdings below the root; today's joins and the waiting partner requests of its subtree. */
export async function summary(db: Db, rootId: number, today: Range) {
  const [h, joins, waiting] = await Promise.all([
    subtreeHoldings(db, [rootId]),
    db
      .selectFrom('member_path as p')
      .innerJoin('member as m', 'm.id', 'p.descendant_id')
      .select(['m.partner_level', (eb) => eb.fn.countAll<number>().as('n')])
      .where('p.ancestor_id', '=', rootId)
      .where('p.depth', '>', 0)
      .where('m.created_at', '>=', today.from)
      .where('m.created_at', '<', today.to)
      .groupBy('m.partner_level')
      .execute(),
    db
      .selectFrom('partner_request as r')
      .innerJoin('member_path as p', (j) => j.onRef('p.descendant_id', '=', 'r.parent_id').on('p.ancestor_id', '=', rootId))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('r.status', '=', 0)
      .executeTakeFirstOrThrow(),
  ]);
  const me = h.get(rootId)!;
  const newMembers = Number(joins.find((j) => j.partner_level === 'NORMAL')?.n ?? 0);
  const newAll = joins.reduce((a, j) => a + Number(j.n), 0);
  return {
    summary: {
      partnerCnt: me.partnerCount,
      memberCnt: me.count - me.partnerCount,
      totalCashAmt: me.cashAmt,
      totalPointAmt: me.pointAmt,
      countInfo: me.byLevel.map((l) => ({ ...l, partnerLevelName: levelName(l.partnerLevel) })),
    },
    summaryNew: { newPartnerCnt: newAll - newMembers, newMemberCnt: newMembers, waitingPartnerRequestCnt: Number(waiting.n) },
  };
}
