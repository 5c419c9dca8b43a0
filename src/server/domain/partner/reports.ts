/**
 * Reports over the daily figures (daily_stat): 'T' rows give a member's whole subtree, 'O' rows its
 * own bets and what it earned. Ranges select whole KST days.
 */
import { localName } from '../games/localNames.js';
import { sql } from 'kysely';
import { resolvedBetStatuses, settleGroups as groups, statCategories, type GameCategory, type StatType } from '../../../contract/game.js';
import { settlementTotal as totalSchema, type SettlementRow, type SettlementTotal } from '../../../contract/stats.js';
import type { Db } from '../../db/driver.js';
import { levelName, type MemberRef } from './hierarchy.js';
import type { Range } from '../common/dateRange.js';
import { pageInfoOf } from '../common/paging.js';
import { memberMoney, subtreeCoupons, subtreeRequests } from './partnerMoney.js';
import { ratesOf } from './rates.js';
import { kstDay } from '../common/time.js';
import { cashTypes } from '../../../contract/moneyKinds.js';

export interface Fig {
  cnt: number;
  stake: number;
  win: number;
  rolling: number;
  losing: number;
}
const none = (): Fig => ({ cnt: 0, stake: 0, win: 0, rolling: 0, losing: 0 });
const add = (a: Fig, b: Fig): Fig => ({ cnt: a.cnt + b.cnt, stake: a.stake + b.stake, win: a.win + b.win, rolling: a.rolling + b.rolling, losing: a.losing + b.losing });

export interface Days {
  from: string;
  to: string;
}
/** The KST days a range touches, inclusive. */
export const daysOf = (r: Range): Days => ({ from: kstDay(r.from), to: kstDay(new Date(r.to.getTime() - 1)) });

const periodSums = (t: string) => [
  sql<number>`coalesce(sum(${sql.ref(`${t}.bet_cnt`)}), 0)`.as('c'),
  sql<number>`coalesce(sum(${sql.ref(`${t}.stake`)}), 0)`.as('s'),
  sql<number>`coalesce(sum(${sql.ref(`${t}.win`)}), 0)`.as('w'),
  sql<number>`coalesce(sum(${sql.ref(`${t}.rolling`)}), 0)`.as('r'),
  sql<number>`coalesce(sum(${sql.ref(`${t}.losing`)}), 0)`.as('l'),
];

/** Figures per member and category over the days, or over all time (null: one kept row each, member_stat). */
export async function figures(db: Db, ids: number[], scope: 'O' | 'T', days: Days | null, cats?: readonly GameCategory[]): Promise<Map<number, Map<string, Fig>>> {
  const out = new Map<number, Map<string, Fig>>(ids.map((id) => [id, new Map()]));
  if (!ids.length) return out;
  const rows = days
    ? db
        .selectFrom('daily_stat')
        .select(['member_id', 'category', ...periodSums('daily_stat')])
        .where('member_id', 'in', ids)
        .where('scope', '=', scope)
        .where('day', '>=', days.from)
        .where('day', '<=', days.to)
        .$if(!!cats, (q) => q.where('category', 'in', cats!))
        .groupBy(['member_id', 'category'])
    : db
        .selectFrom('member_stat')
        .select(['member_id', 'category', 'bet_cnt as c', 'stake as s', 'win as w', 'rolling as r', 'losing as l'])
        .where('member_id', 'in', ids)
        .where('scope', '=', scope)
        .$if(!!cats, (q) => q.where('category', 'in', cats!));
  for (const r of await rows.execute())
    out.get(r.member_id)!.set(r.category, { cnt: Number(r.c), stake: Number(r.s), win: Number(r.w), rolling: Number(r.r), losing: Number(r.l) });
  return out;
}
const sumOf = (m: Map<string, Fig> | undefined, cats?: readonly string[]) =>
  [...(m ?? new Map<string, Fig>()).entries()].filter(([c]) => !cats || cats.includes(c)).reduce((a, [, f]) => add(a, f), none());

/** A settlement row's figures per group and in all, from figures per category. */
function byGroup(m: Map<string, Fig> | undefined) {
  const [c, s, p, mi] = [sumOf(m, groups.casino), sumOf(m, groups.slot), sumOf(m, groups.sport), sumOf(m, groups.mini)];
  const all = [c, s, p, mi].reduce(add, none());
  return {
    casinoBetAmt: c.stake,
    casinoBetAmtWin: c.win,
    casinoRollingAmt: c.rolling,
    casinoLosingAmt: c.losing,
    casinoBetResultAmt: c.stake - c.win,
    slotBetAmt: s.stake,
    slotBetAmtWin: s.win,
    slotRollingAmt: s.rolling,
    slotLosingAmt: s.losing,
    slotBetResultAmt: s.stake - s.win,
    sportBetAmt: p.stake,
    sportBetAmtWin: p.win,
    sportRollingAmt: p.rolling,
    sportLosingAmt: p.losing,
    sportBetResultAmt: p.stake - p.win,
    miniBetAmt: mi.stake,
    miniBetAmtWin: mi.win,
    miniRollingAmt: mi.rolling,
    miniLosingAmt: mi.losing,
    miniBetResultAmt: mi.stake - mi.win,
    betAmt: all.stake,
    betAmtWin: all.win,
    rollingAmt: all.rolling,
    losingAmt: all.losing,
    betResultAmt: all.stake - all.win,
    betCnt: all.cnt,
  };
}

type Who = { id: number; memId: string; memNick: string; partnerLevel: string };

async function members(db: Db, ids: number[]): Promise<Who[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('member').select(['id', 'mem_id', 'mem_nick', 'partner_level']).where('id', 'in', ids).execute();
  const by = new Map(rows.map((r) => [r.id, { id: r.id, memId: r.mem_id, memNick: r.mem_nick, partnerLevel: r.partner_level }]));
  return ids.map((id) => by.get(id)!);
}

async function balances(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { cash: number; point: number }>();
  const rows = await db.selectFrom('member').select(['id', 'cash_amt', 'point_amt']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { cash: r.cash_amt, point: r.point_amt }]));
}

/** Betting status: the member's own row, its direct children's rows and their sum. */
export async function betStatistics(db: Db, root: MemberRef, statType: StatType, range: Range) {
  const cats = statCategories(statType);
  const kids = (await db.selectFrom('member').select('id').where('parent_id', '=', root.id).orderBy('partner_level').orderBy('mem_id').execute()).map((r) => r.id);
  const ids = [root.id, ...kids];
  const [who, fig, cash, bal, rates, coupons] = await Promise.all([
    members(db, ids),
    figures(db, ids, 'T', daysOf(range), cats),
    subtreeRequests(db, ids, range),
    balances(db, ids),
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
      cashAmtSum: bal.get(w.id)!.cash,
      pointAmtSum: bal.get(w.id)!.point,
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

/** Settlement rows of members (their subtree's figures by group, deposits, withdrawals, gives, retrieves). */
export async function settlementRows(db: Db, ids: number[], range: Range, scope: 'O' | 'T' = 'T') {
  const [who, fig, cash, moves, bal, rates, kids] = await Promise.all([
    members(db, ids),
    figures(db, ids, scope, daysOf(range)),
    scope === 'T' ? subtreeRequests(db, ids, range) : memberMoney(db, ids, range),
    memberMoney(db, ids, range),
    balances(db, ids),
    ratesOf(db, ids),
    ids.length
      ? db
          .selectFrom('member')
          .select(['parent_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('parent_id', 'in', ids)
          .where('login_type', '=', 'PARTNER')
          .groupBy('parent_id')
          .execute()
      : Promise.resolve([]),
  ]);
  const cnt = new Map(kids.map((k) => [k.parent_id!, Number(k.n)]));
  return who.map((w): SettlementRow & { betCnt: number } => ({
    memId: w.memId,
    memNick: w.memNick,
    partnerLevel: w.partnerLevel,
    partnerLevelName: levelName(w.partnerLevel),
    cntBottom: cnt.get(w.id) ?? 0,
    miniRate: rates.get(w.id)!.mini.pointRate,
    miniLoseRate: rates.get(w.id)!.mini.loseRate,
    cashAmt: bal.get(w.id)!.cash,
    pointAmt: bal.get(w.id)!.point,
    userCashIn: cash.get(w.id)!.cashIn,
    userCashOut: cash.get(w.id)!.cashOut,
    userPayment: moves.get(w.id)!.given,
    userPayback: moves.get(w.id)!.retrieved,
    ...byGroup(fig.get(w.id)),
  }));
}

/** The keys a settlement total sums, as the contract lists them (userCashResultAmt is derived). */
const summed = Object.keys(totalSchema.shape).filter((k): k is Exclude<keyof SettlementTotal, 'userCashResultAmt'> => k !== 'userCashResultAmt');
/** The sum of settlement rows (deposits minus withdrawals as userCashResultAmt). */
export function settlementTotal(rows: SettlementRow[]): SettlementTotal {
  const sums = Object.fromEntries(summed.map((k) => [k, rows.reduce((a, r) => a + r[k], 0)]));
  return totalSchema.parse({ ...sums, userCashResultAmt: (sums.userCashIn ?? 0) - (sums.userCashOut ?? 0) });
}

/** Settlement (myCalculate): INNER the member's own row; OUTER its direct lower partners, a page of them, with their total. */
export async function settlement(db: Db, root: MemberRef, range: Range, f: { inner: boolean; page: number; perPage: number }) {
  if (f.inner) {
    const rows = await settlementRows(db, [root.id], range);
    return { inSearchList: rows, inSearchTotal: settlementTotal(rows) };
  }
  const kids = (await db.selectFrom('member').select('id').where('parent_id', '=', root.id).where('login_type', '=', 'PARTNER').orderBy('mem_id').execute()).map((r) => r.id);
  const rows = await settlementRows(db, kids, range);
  const start = (f.page - 1) * f.perPage;
  return { outSearchList: rows.slice(start, start + f.perPage), outSearchTotal: settlementTotal(rows), pageInfo: pageInfoOf(f.page, rows.length, f.perPage) };
}

/** Players of a subtree with their settlement figures, paged and ordered by their bets; the total covers every match. */
export async function userReport(db: Db, rootId: number, range: Range, f: { memId?: string; recommenderId?: string; order?: string; page: number; perPage: number }) {
  const days = daysOf(range);
  const where = sql`p.ancestor_id = ${rootId}::bigint and m.login_type = 'NORMAL'
    ${f.memId ? sql`and m.mem_id = ${f.memId}` : sql``}
    ${
      f.recommenderId
        ? sql`and exists (select 1 from member_path u join member a on a.id = u.ancestor_id
      join member_path r on r.descendant_id = a.id and r.ancestor_id = ${rootId}::bigint
      where u.descendant_id = m.id and u.depth > 0 and a.mem_id = ${f.recommenderId})`
        : sql``
    }`;
  const own = sql`(select member_id, category, sum(bet_cnt) c, sum(stake) s, sum(win) w, sum(rolling) r, sum(losing) l from daily_stat
    where scope = 'O' and day >= ${days.from}::date and day <= ${days.to}::date group by member_id, category)`;
  const from = sql`member_path p join member m on m.id = p.descendant_id`;
  const [col, dir] = ({ BET_ASC: ['s', 'asc'], WIN_DESC: ['w', 'desc'], WIN_ASC: ['w', 'asc'], ID_ASC: ['id', 'asc'] } as Record<string, [string, string]>)[f.order ?? ''] ?? [
    's',
    'desc',
  ];
  const order = sql.raw(col === 'id' ? `m.mem_id ${dir}` : `coalesce(sum(d.${col}), 0) ${dir}`);
  const [count, page, totals, held] = await Promise.all([
    sql<{ n: number }>`select count(*) as n from ${from} where ${where}`.execute(db),
    sql<{ id: number }>`select m.id from ${from} left join ${own} d on d.member_id = m.id where ${where} group by m.id, m.mem_id order by ${order}, m.id
      limit ${f.perPage} offset ${(f.page - 1) * f.perPage}`.execute(db),
    sql<{ category: string; c: number; s: number; w: number; r: number; l: number }>`select d.category, sum(d.c) c, sum(d.s) s, sum(d.w) w, sum(d.r) r, sum(d.l) l
      from ${from} join ${own} d on d.member_id = m.id where ${where} group by d.category`.execute(db),
    // every match's holdings and gives/retrieves, as its rows count them (memberMoney, balances)
    sql<{ cash: number; point: number; given: number; back: number }>`with w as (select m.id, m.cash_amt, m.point_amt from ${from} where ${where})
      select (select coalesce(sum(cash_amt), 0) from w) as cash, (select coalesce(sum(point_amt), 0) from w) as point,
        coalesce(sum(-e.amount) filter (where e.type_code = ${cashTypes.holdingsGrant}), 0) as given,
        coalesce(sum(e.amount) filter (where e.type_code = ${cashTypes.holdingsRecovery}), 0) as back
      from w join ledger_entry e on e.member_id = w.id and e.kind = 'cash' and e.type_code in (${cashTypes.holdingsGrant}, ${cashTypes.holdingsRecovery})
        and e.created_at >= ${range.from} and e.created_at < ${range.to}`.execute(db),
  ]);
  const n = Number(count.rows[0]?.n ?? 0);
  const ids = page.rows.map((r) => Number(r.id));
  const [rows, ups] = await Promise.all([
    settlementRows(db, ids, range, 'O'),
    ids.length
      ? db.selectFrom('member as m').leftJoin('member as u', 'u.id', 'm.parent_id').select(['m.id', 'u.mem_id as up']).where('m.id', 'in', ids).execute()
      : Promise.resolve([]),
  ]);
  const upOf = new Map(ups.map((u) => [u.id, u.up ?? '']));
  const byCat = new Map(totals.rows.map((t) => [t.category, { cnt: Number(t.c), stake: Number(t.s), win: Number(t.w), rolling: Number(t.r), losing: Number(t.l) }]));
  const cash = (await subtreeRequests(db, [rootId], range)).get(rootId)!;
  const total: SettlementTotal = {
    ...byGroup(byCat),
    userCashIn: cash.cashIn,
    userCashOut: cash.cashOut,
    userCashResultAmt: cash.cashIn - cash.cashOut,
    userPayment: Number(held.rows[0].given),
    userPayback: Number(held.rows[0].back),
    cashAmt: Number(held.rows[0].cash),
    pointAmt: Number(held.rows[0].point),
  };
  return { list: rows.map((r, i) => ({ ...r, recommenderId: upOf.get(ids[i]) ?? '' })), pageInfo: pageInfoOf(f.page, n, f.perPage), total };
}

// --- statistics screens

export async function gameStats(db: Db, rootId: number, locale: string, range: Range, page: number, perPage: number) {
  const base = db
    .selectFrom('bet as b')
    .innerJoin('member_path as p', (j) => j.onRef('p.descendant_id', '=', 'b.member_id').on('p.ancestor_id', '=', rootId))
    .innerJoin('game as g', 'g.id', 'b.game_id')
    .innerJoin('vendor as v', 'v.id', 'b.vendor_id')
    .where('b.created_at', '>=', range.from)
    .where('b.created_at', '<', range.to)
    .where('b.status', 'in', resolvedBetStatuses);
  const [{ n }] = await base.select(sql<number>`count(distinct b.game_id)`.as('n')).execute();
  const rows = await base
    .select([
      'v.code',
      localName('v', locale, 'vname'),
      'g.code as gcode',
      localName('g', locale, 'gname'),
      'b.category',
      (eb) => eb.fn.countAll<number>().as('c'),
      (eb) => eb.fn.sum<number>('b.stake').as('s'),
      (eb) => eb.fn.sum<number>('b.win').as('w'),
      sql<number>`count(distinct b.member_id)`.as('u'),
    ])
    .groupBy(['v.id', 'g.id', 'b.category'])
    .orderBy(sql`sum(b.stake)`, 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    list: rows.map((r) => ({
      vendorCode: r.code,
      vendorName: r.vname,
      gameCode: r.gcode,
      gameName: r.gname,
      gameCategory: r.category,
      betCnt: Number(r.c),
      betAmt: Number(r.s),
      winAmt: Number(r.w),
      betResultAmt: Number(r.s) - Number(r.w),
      userCnt: Number(r.u),
    })),
    pageInfo: pageInfoOf(page, Number(n), perPage),
  };
}

/** The sums of a daily-figures range (every row of the period, not only the page's). */
const periodTotal = (x: { c: number; s: number; w: number; r: number; l: number }) => ({
  betCnt: Number(x.c),
  betAmt: Number(x.s),
  winAmt: Number(x.w),
  rollingAmt: Number(x.r),
  losingAmt: Number(x.l),
  betResultAmt: Number(x.s) - Number(x.w),
});

/** Per day and direct child: the child's subtree figures. */
export async function dateAgentStats(db: Db, rootId: number, range: Range, page: number, perPage: number) {
  const days = daysOf(range);
  const base = db
    .selectFrom('daily_stat as d')
    .innerJoin('member as m', 'm.id', 'd.member_id')
    .where('m.parent_id', '=', rootId)
    .where('m.login_type', '=', 'PARTNER')
    .where('d.scope', '=', 'T')
    .where('d.day', '>=', days.from)
    .where('d.day', '<=', days.to);
  const [{ n, ...sums }] = await base.select([sql<number>`count(distinct (d.day, d.member_id))`.as('n'), ...periodSums('d')]).execute();
  const rows = await base
    .select([
      sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('days'),
      'm.mem_id',
      'm.mem_nick',
      'm.partner_level',
      (eb) => eb.fn.sum<number>('d.bet_cnt').as('c'),
      (eb) => eb.fn.sum<number>('d.stake').as('s'),
      (eb) => eb.fn.sum<number>('d.win').as('w'),
      (eb) => eb.fn.sum<number>('d.rolling').as('r'),
      (eb) => eb.fn.sum<number>('d.losing').as('l'),
    ])
    .groupBy(['d.day', 'm.mem_id', 'm.mem_nick', 'm.partner_level'])
    .orderBy('d.day', 'desc')
    .orderBy('m.mem_id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    list: rows.map((r) => ({
      days: r.days,
      memId: r.mem_id,
      memNick: r.mem_nick,
      partnerLevel: r.partner_level,
      partnerLevelName: levelName(r.partner_level),
      betCnt: Number(r.c),
      betAmt: Number(r.s),
      winAmt: Number(r.w),
      rollingAmt: Number(r.r),
      losingAmt: Number(r.l),
      betResultAmt: Number(r.s) - Number(r.w),
    })),
    pageInfo: pageInfoOf(page, Number(n), perPage),
    total: periodTotal(sums),
  };
}

/** Per day and player of the subtree: its own bets. */
export async function dateUserStats(db: Db, rootId: number, range: Range, page: number, perPage: number) {
  const days = daysOf(range);
  const base = db
    .selectFrom('member_path as p')
    .innerJoin('daily_stat as d', 'd.member_id', 'p.descendant_id')
    .innerJoin('member as m', 'm.id', 'd.member_id')
    .where('p.ancestor_id', '=', rootId)
    .where('m.login_type', '=', 'NORMAL')
    .where('d.scope', '=', 'O')
    .where('d.day', '>=', days.from)
    .where('d.day', '<=', days.to);
  const [{ n, ...sums }] = await base.select([sql<number>`count(distinct (d.day, d.member_id))`.as('n'), ...periodSums('d')]).execute();
  const rows = await base
    .select([
      sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('days'),
      'm.mem_id',
      'm.mem_nick',
      (eb) => eb.fn.sum<number>('d.bet_cnt').as('c'),
      (eb) => eb.fn.sum<number>('d.stake').as('s'),
      (eb) => eb.fn.sum<number>('d.win').as('w'),
      (eb) => eb.fn.sum<number>('d.rolling').as('r'),
    ])
    .groupBy(['d.day', 'm.mem_id', 'm.mem_nick'])
    .orderBy('d.day', 'desc')
    .orderBy('m.mem_id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    list: rows.map((r) => ({
      days: r.days,
      memId: r.mem_id,
      memNick: r.mem_nick,
      betCnt: Number(r.c),
      betAmt: Number(r.s),
      winAmt: Number(r.w),
      rollingAmt: Number(r.r),
      betResultAmt: Number(r.s) - Number(r.w),
    })),
    pageInfo: pageInfoOf(page, Number(n), perPage),
    total: periodTotal(sums),
  };
}

/** Per day and category: the subtree's figures. */
export async function dateGameStats(db: Db, rootId: number, range: Range, page: number, perPage: number) {
  const days = daysOf(range);
  const base = db.selectFrom('daily_stat').where('member_id', '=', rootId).where('scope', '=', 'T').where('day', '>=', days.from).where('day', '<=', days.to);
  const [{ n, ...sums }] = await base.select([(eb) => eb.fn.countAll<number>().as('n'), ...periodSums('daily_stat')]).execute();
  const rows = await base
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('days'), 'category', 'bet_cnt', 'stake', 'win', 'rolling', 'losing'])
    .orderBy('day', 'desc')
    .orderBy('category')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    list: rows.map((r) => ({
      days: r.days,
      gameCategory: r.category,
      betCnt: r.bet_cnt,
      betAmt: r.stake,
      winAmt: r.win,
      rollingAmt: r.rolling,
      losingAmt: r.losing,
      betResultAmt: r.stake - r.win,
    })),
    pageInfo: pageInfoOf(page, Number(n), perPage),
    total: periodTotal(sums),
  };
}
