/** Betting status (a member beside its direct children) and the subtree's money and bets per day. */
import { sql } from 'kysely';
import { statCategories, type StatType } from '../../../contract/game.js';
import type { Db } from '../../db/driver.js';
import type { Range } from '../common/dateRange.js';
import { levelName, type MemberRef } from '../partner/hierarchy.js';
import { subtreeCoupons, subtreeRequests } from '../partner/partnerMoney.js';
import { ratesOf } from '../partner/rates.js';
import { daysOf, figures, members, sumOf, type Who } from './figures.js';

/** Betting status: the member's own row, its direct children's rows and their sum. */
export async function betStatistics(db: Db, root: MemberRef, statType: StatType, range: Range) {
  const cats = statCategories(statType);
  const kids = (await db.selectFrom('member').select('id').where('parent_id', '=', root.id).orderBy('partner_level').orderBy('mem_id').execute()).map((r) => r.id);
  const ids = [root.id, ...kids];
  const [who, fig, cash, rates, coupons] = await Promise.all([
    members(db, ids),
    figures(db, ids, 'T', daysOf(range), cats),
    subtreeRequests(db, ids, range),
    ratesOf(db, ids),
    subtreeCoupons(db, ids, range),
  ]);
  const row = (w: Who) => {
    const f = sumOf(fig.get(w.id));
    const c = cash.get(w.id)!;
    return {
      partnerLevel: w.partnerLevel,
      partnerLevelName: levelName(w.partnerLevel),
      memId: w.memId,
      memNick: w.memNick,
      cashInAmtSum: c.cashIn,
      cashOutAmtSum: c.cashOut,
      betAmtSum: f.stake,
      winAmtSum: f.win,
      winLoseSum: f.stake - f.win,
      rollingSum: f.rolling,
      totalBEP: f.stake - f.win - f.rolling,
      losingAmtSum: f.losing,
      loseRate: rates.get(w.id)![statType === 'slot' ? 'slot' : 'casino'].loseRate,
      couponCashSum: coupons.get(w.id)!,
      cashAmtSum: w.cash,
      pointAmtSum: w.point,
    };
  };
  const list = who.slice(1).map(row);
  const summed = [
    'cashInAmtSum',
    'cashOutAmtSum',
    'betAmtSum',
    'winAmtSum',
    'winLoseSum',
    'rollingSum',
    'totalBEP',
    'losingAmtSum',
    'couponCashSum',
    'cashAmtSum',
    'pointAmtSum',
  ] as const;
  // the lower partners' sums; the losing percent shown beside them is the member's own
  const sum = {
    ...row(who[0]),
    memId: '',
    memNick: '',
    partnerLevel: '',
    partnerLevelName: '',
    ...(Object.fromEntries(summed.map((k) => [k, list.reduce((a, r) => a + r[k], 0)])) as Record<(typeof summed)[number], number>),
  };
  return { myStatData: row(who[0]), botStatList: list, botStatSum: sum };
}

/** Per KST day: the subtree's completed deposits and withdrawals, bets and wins. */
export async function dailyBetting(db: Db, rootId: number, range: Range) {
  const days = daysOf(range);
  const [bets, cash] = await Promise.all([
    db
      .selectFrom('daily_stat')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('d'), (eb) => eb.fn.sum<number>('stake').as('s'), (eb) => eb.fn.sum<number>('win').as('w')])
      .where('member_id', '=', rootId)
      .where('scope', '=', 'T')
      .where('day', '>=', days.from)
      .where('day', '<=', days.to)
      .groupBy('day')
      .execute(),
    sql<{ d: string; t: number; a: number }>`
      select to_char(r.updated_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as d, r.cash_type as t, sum(r.amount) as a
      from member_path p join cash_request r on r.member_id = p.descendant_id
      where p.ancestor_id = ${rootId}::bigint and r.status = 1 and r.updated_at >= ${range.from} and r.updated_at < ${range.to}
      group by 1, 2`.execute(db),
  ]);
  const byDay = new Map<string, { days: string; dUserPayment: number; dUserPayback: number; dBetAmt: number; dWinAmt: number }>();
  const day = (d: string) => byDay.get(d) ?? byDay.set(d, { days: d, dUserPayment: 0, dUserPayback: 0, dBetAmt: 0, dWinAmt: 0 }).get(d)!;
  for (const b of bets) Object.assign(day(b.d), { dBetAmt: Number(b.s), dWinAmt: Number(b.w) });
  for (const c of cash.rows) {
    if (Number(c.t) === 1) day(c.d).dUserPayment += Number(c.a);
    else day(c.d).dUserPayback += Number(c.a);
  }
  const list = [...byDay.values()].sort((a, b) => b.days.localeCompare(a.days));
  const sum = list.reduce(
    (a, r) => ({ dUserPayment: a.dUserPayment + r.dUserPayment, dUserPayback: a.dUserPayback + r.dUserPayback, dBetAmt: a.dBetAmt + r.dBetAmt, dWinAmt: a.dWinAmt + r.dWinAmt }),
    { dUserPayment: 0, dUserPayback: 0, dBetAmt: 0, dWinAmt: 0 },
  );
  return { dailyBetList: list, dailyBetSum: sum };
}
