/** Settlement: members' figures by game group with their money moves (myCalculate), and the players' report. */
import { sql } from 'kysely';
import { cashTypes } from '../../../contract/moneyKinds.js';
import { settlementTotal as totalSchema, type SettlementRow, type SettlementTotal } from '../../../contract/stats.js';
import type { Db } from '../../db/driver.js';
import type { Range } from '../common/dateRange.js';
import { pageInfoOf } from '../common/paging.js';
import { levelName, type MemberRef } from '../partner/hierarchy.js';
import { memberMoney, subtreeRequests } from '../partner/partnerMoney.js';
import { ratesOf } from '../partner/rates.js';
import { byGroup, daysOf, figures, members } from './figures.js';

/** Settlement rows of members (their subtree's figures by group, deposits, withdrawals, gives, retrieves). */
export async function settlementRows(db: Db, ids: number[], range: Range, scope: 'O' | 'T' = 'T') {
  const [who, fig, cash, moves, rates, kids] = await Promise.all([
    members(db, ids),
    figures(db, ids, scope, daysOf(range)),
    scope === 'T' ? subtreeRequests(db, ids, range) : memberMoney(db, ids, range),
    memberMoney(db, ids, range),
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
    cashAmt: w.cash,
    pointAmt: w.point,
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
