/** The statistics screens: bets per game, and the daily figures per lower partner, per player and per category. */
import { localName } from '../games/localNames.js';
import { sql } from 'kysely';
import { resolvedBetStatuses } from '../../../contract/game.js';
import type { Db } from '../../db/driver.js';
import type { Range } from '../common/dateRange.js';
import { paged } from '../common/paging.js';
import { levelName } from '../partner/hierarchy.js';
import { daysOf, periodSums, type Days } from './figures.js';

/** Per game of the subtree's settled bets, the most staked first. */
export async function gameStats(db: Db, rootId: number, locale: string, range: Range, page: number, perPage: number) {
  const base = db
    .selectFrom('bet as b')
    .innerJoin('member_path as p', (j) => j.onRef('p.descendant_id', '=', 'b.member_id').on('p.ancestor_id', '=', rootId))
    .innerJoin('game as g', 'g.id', 'b.game_id')
    .innerJoin('vendor as v', 'v.id', 'b.vendor_id')
    .where('b.created_at', '>=', range.from)
    .where('b.created_at', '<', range.to)
    .where('b.status', 'in', resolvedBetStatuses);
  return paged(
    { page, size: perPage },
    () => base.select(sql<number>`count(distinct b.game_id)`.as('n')).executeTakeFirstOrThrow(),
    (w) =>
      base
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
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    (r) => ({
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
    }),
  ).then(({ list, pageInfo }) => ({ list, pageInfo }));
}

/** The sums of daily figures (a row's, or the whole period's). */
const periodTotal = (x: { c: number; s: number; w: number; r: number; l: number }) => ({
  betCnt: Number(x.c),
  betAmt: Number(x.s),
  winAmt: Number(x.w),
  rollingAmt: Number(x.r),
  losingAmt: Number(x.l),
  betResultAmt: Number(x.s) - Number(x.w),
});

/** What the date reports read of a member's row of daily figures. */
type Daily = 'agent' | 'user' | 'game';
interface DailyRow extends ReturnType<typeof periodTotal> {
  days: string;
  memId: string;
  memNick: string;
  partnerLevel: string;
  category: string;
}

/**
 * The daily rows a date report sums: each direct lower partner's subtree ('T'), each player of the
 * subtree's own bets ('O'), or the member's subtree per category ('T').
 */
function dailyRows(db: Db, kind: Daily, rootId: number, days: Days) {
  const q = db.selectFrom('daily_stat as d').innerJoin('member as m', 'm.id', 'd.member_id').where('d.day', '>=', days.from).where('d.day', '<=', days.to);
  if (kind === 'agent') return q.where('d.scope', '=', 'T').where('m.parent_id', '=', rootId).where('m.login_type', '=', 'PARTNER');
  if (kind === 'game') return q.where('d.scope', '=', 'T').where('d.member_id', '=', rootId);
  const subtree = db.selectFrom('member_path').select('descendant_id').where('ancestor_id', '=', rootId);
  return q.where('d.scope', '=', 'O').where('d.member_id', 'in', subtree).where('m.login_type', '=', 'NORMAL');
}

/** A date report: per day and member (or category), newest day first, a page of them with the period's total. */
async function dailyStats<T>(db: Db, kind: Daily, rootId: number, range: Range, at: { page: number; size: number }, row: (r: DailyRow) => T) {
  const perMember = kind !== 'game';
  const q = dailyRows(db, kind, rootId, daysOf(range));
  const key = perMember ? sql`(d.day, d.member_id)` : sql`(d.day, d.category)`;
  const { list, pageInfo, head } = await paged(
    at,
    () => q.select([sql<number>`count(distinct ${key})`.as('n'), ...periodSums('d')]).executeTakeFirstOrThrow(),
    (w) =>
      q
        .select([
          sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('days'),
          'm.mem_id',
          'm.mem_nick',
          'm.partner_level',
          sql<string>`${perMember ? sql`''` : sql.ref('d.category')}`.as('category'),
          ...periodSums('d'),
        ])
        .groupBy(['d.day', 'm.mem_id', 'm.mem_nick', 'm.partner_level'])
        .$if(!perMember, (g) => g.groupBy('d.category'))
        .orderBy('d.day', 'desc')
        .orderBy(perMember ? 'm.mem_id' : 'd.category')
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    (r) => row({ days: r.days, memId: r.mem_id, memNick: r.mem_nick, partnerLevel: r.partner_level, category: r.category, ...periodTotal(r) }),
  );
  return { list, pageInfo, total: periodTotal(head) };
}

const dateReport =
  <T>(kind: Daily, row: (r: DailyRow) => T) =>
  (db: Db, rootId: number, range: Range, page: number, perPage: number) =>
    dailyStats(db, kind, rootId, range, { page, size: perPage }, row);

/** Per day and direct lower partner: the partner's subtree figures. */
export const dateAgentStats = dateReport('agent', ({ category: _c, ...r }) => ({ ...r, partnerLevelName: levelName(r.partnerLevel) }));
/** Per day and player of the subtree: its own bets. */
export const dateUserStats = dateReport('user', ({ category: _c, partnerLevel: _p, losingAmt: _l, ...r }) => r);
/** Per day and category: the subtree's figures. */
export const dateGameStats = dateReport('game', ({ days, category, memId: _m, memNick: _n, partnerLevel: _p, ...fig }) => ({ days, gameCategory: category, ...fig }));
