/**
 * The figures the back-office reports are built from (daily_stat): 'T' rows give a member's whole
 * subtree, 'O' rows its own bets and what it earned. Ranges select whole KST days.
 */
import { sql } from 'kysely';
import { settleGroups as groups, type GameCategory } from '../../../contract/game.js';
import type { Db } from '../../db/driver.js';
import type { Range } from '../common/dateRange.js';
import { kstDay } from '../common/time.js';

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

export const periodSums = (t: string) => [
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
  // a range sums the days' rows; all time reads the one kept row each
  const from = (t: 'daily_stat' | 'member_stat') =>
    db
      .selectFrom(t)
      .where('member_id', 'in', ids)
      .where('scope', '=', scope)
      .$if(!!cats, (q) => q.where('category', 'in', cats!));
  const rows = days
    ? from('daily_stat')
        .select(['member_id', 'category', ...periodSums('daily_stat')])
        .where('day', '>=', days.from)
        .where('day', '<=', days.to)
        .groupBy(['member_id', 'category'])
    : from('member_stat').select(['member_id', 'category', 'bet_cnt as c', 'stake as s', 'win as w', 'rolling as r', 'losing as l']);
  for (const r of await rows.execute())
    out.get(r.member_id)!.set(r.category, { cnt: Number(r.c), stake: Number(r.s), win: Number(r.w), rolling: Number(r.r), losing: Number(r.l) });
  return out;
}
export const sumOf = (m: Map<string, Fig> | undefined, cats?: readonly string[]) =>
  [...(m ?? new Map<string, Fig>()).entries()].filter(([c]) => !cats || cats.includes(c)).reduce((a, [, f]) => add(a, f), none());

type GroupFigures<P extends string> = Record<`${P}BetAmt` | `${P}BetAmtWin` | `${P}RollingAmt` | `${P}LosingAmt` | `${P}BetResultAmt`, number>;
/** One game group's five settlement figures under its prefix (casinoBetAmt, casinoBetAmtWin, …). */
const groupFigures = <P extends string>(p: P, f: Fig) =>
  ({ [`${p}BetAmt`]: f.stake, [`${p}BetAmtWin`]: f.win, [`${p}RollingAmt`]: f.rolling, [`${p}LosingAmt`]: f.losing, [`${p}BetResultAmt`]: f.stake - f.win }) as GroupFigures<P>;

/** A settlement row's figures per group and in all, from figures per category. */
export function byGroup(m: Map<string, Fig> | undefined) {
  const [c, s, p, mi] = [sumOf(m, groups.casino), sumOf(m, groups.slot), sumOf(m, groups.sport), sumOf(m, groups.mini)];
  const all = [c, s, p, mi].reduce(add, none());
  return {
    ...groupFigures('casino', c),
    ...groupFigures('slot', s),
    ...groupFigures('sport', p),
    ...groupFigures('mini', mi),
    betAmt: all.stake,
    betAmtWin: all.win,
    rollingAmt: all.rolling,
    losingAmt: all.losing,
    betResultAmt: all.stake - all.win,
    betCnt: all.cnt,
  };
}

export type Who = { id: number; memId: string; memNick: string; partnerLevel: string; cash: number; point: number };

/** Members by id, in the order given, with their balances. */
export async function members(db: Db, ids: number[]): Promise<Who[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('member').select(['id', 'mem_id', 'mem_nick', 'partner_level', 'cash_amt', 'point_amt']).where('id', 'in', ids).execute();
  const by = new Map(rows.map((r) => [r.id, { id: r.id, memId: r.mem_id, memNick: r.mem_nick, partnerLevel: r.partner_level, cash: r.cash_amt, point: r.point_amt }]));
  return ids.map((id) => by.get(id)!);
}
