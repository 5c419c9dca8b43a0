/**
 * Settling one bet inside the wallet's money transaction: the win is paid, rolling points go to
 * the bettor and, differentially, to every ancestor (point type 3, against the house), and the
 * daily figures of the bettor and of every ancestor's subtree are recorded in the same
 * transaction; the accounts the movement did not lock and daily_stat are moved by the accrual step.
 */
import { sql, type Expression, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { pointTypes } from '../../../contract/enums.js';
import { gameCashTypes, type GameCategory } from '../../../contract/game.js';
import type { BetStatus } from '../../db/tables/games.js';
import { commissionPlan, fromBp, toBp, type Plan } from '../money/commissions.js';
import type { MoneyTx } from '../money/ledger.js';
import { toWire } from '../common/time.js';

export interface PathLevel {
  id: number;
  memId: string;
  depth: number;
  pointBp: number;
  loseBp: number;
}

export interface OpenBet {
  id: number;
  siteId: string;
  memberId: number;
  vendorId: number;
  category: GameCategory;
  stake: number;
  betType: string | null;
  createdAt: Date;
  vendorName: string;
  gameName: string;
}

/**
 * The bettor and its ancestors, nearest first, with the rates of the bet's category and vendor rate
 * type: a subquery answering one JSON array, so it rides along in the statement that reads the bet.
 */
export const pathRatesJson = (memberId: number, bet: { category: Expression<unknown>; vendorId: Expression<unknown>; rateType: Expression<unknown> }) => sql<PathRow[]>`(
    select coalesce(json_agg(json_build_object('id', m.id, 'mem_id', m.mem_id, 'depth', p.depth,
             'p', coalesce(d.point_rate, r.point_rate, 0), 'l', coalesce(d.lose_rate, r.lose_rate, 0)) order by p.depth), '[]')
    from member_path p
    join member m on m.id = p.ancestor_id
    left join rate r on r.member_id = m.id and r.category = ${bet.category}
    left join rate_detail d on d.member_id = m.id and d.vendor_id = ${bet.vendorId} and d.rate_type = ${bet.rateType}
    where p.descendant_id = ${memberId}::bigint and m.login_type <> 'ADMIN')`;

export interface PathRow { id: number; mem_id: string; depth: number; p: number | string; l: number | string }
export const toLevels = (rows: PathRow[]): PathLevel[] =>
  rows.map((r) => ({ id: Number(r.id), memId: r.mem_id, depth: r.depth, pointBp: toBp(Number(r.p)), loseBp: toBp(Number(r.l)) }));

/** The same levels on their own (reports and checks outside a settlement). */
export async function pathRates(db: Kysely<Database>, memberId: number, category: string, vendorId: number, rateType: string): Promise<PathLevel[]> {
  const rates = pathRatesJson(memberId, { category: sql`${category}`, vendorId: sql`${vendorId}::bigint`, rateType: sql`${rateType}` });
  const { rows } = await sql<{ path: PathRow[] }>`select ${rates} as path`.execute(db);
  return toLevels(rows[0].path);
}

export const statusOf = (stake: number, win: number): BetStatus => (win > stake ? 'win' : win === stake ? 'draw' : 'lose');
export const kstDay = (d: Date) => toWire(d).slice(0, 10);

/**
 * Settles `bet` with `win` inside `m` (which locked the bettor or `payTo` and deferred the house
 * and the ancestors). `payTo` receives the win: the bettor (seamless) or the site's game account (transfer).
 */
export function settleInTx(m: MoneyTx, bet: OpenBet, win: number, path: PathLevel[], house: number, payTo: number, at: Date, detail?: Record<string, unknown> | null): { status: BetStatus; plan: Plan } {
  const status = statusOf(bet.stake, win);
  if (win > 0) m.transfer({ kind: 'cash', from: house, to: payTo, amount: win, fromType: gameCashTypes.win, toType: gameCashTypes.win, short: 'B0099', detail: { betId: bet.id } });
  const plan = commissionPlan(bet.stake, win, path);
  path.forEach((lv, i) => {
    const r = plan.rolling[i];
    if (r.paid <= 0) return;
    m.transfer({
      kind: 'point', from: house, to: lv.id, amount: r.paid, fromType: pointTypes.rolling, toType: pointTypes.rolling, short: 'B0099',
      detail: { gameIdx: bet.id, betAmt: bet.stake, pointRate: fromBp(r.diffBp), pointBonusRate: 0, vendorName: bet.vendorName, gameName: bet.gameName, codeName: '롤링', fromMemId: path[0].memId },
    });
  });
  m.write(m.trx.updateTable('bet').set({ win, status, settled_at: at, ...(detail ? { detail: JSON.stringify(detail) } : {}) }).where('id', '=', bet.id));
  m.write(daily(bet, win, path, plan));
  return { status, plan };
}

function daily(bet: OpenBet, win: number, path: PathLevel[], plan: Plan) {
  const day = kstDay(bet.createdAt);
  const rows: { member: number; scope: 'O' | 'T'; cnt: number; stake: number; win: number; rolling: number; losing: number }[] = [];
  path.forEach((lv, i) => {
    const own = i === 0;
    const [r, l] = [plan.rolling[i], plan.losing[i]];
    if (own || r.paid || l.paid) rows.push({ member: lv.id, scope: 'O', cnt: own ? 1 : 0, stake: own ? bet.stake : 0, win: own ? win : 0, rolling: r.paid, losing: l.paid });
    rows.push({ member: lv.id, scope: 'T', cnt: 1, stake: bet.stake, win, rolling: r.cumulative, losing: l.cumulative });
  });
  return sql`
    insert into daily_pending (site_id, member_id, scope, day, category, bet_cnt, stake, win, rolling, losing)
    values ${sql.join(rows.map((r) => sql`(${bet.siteId}, ${r.member}::bigint, ${r.scope}, ${day}::date, ${bet.category}, ${r.cnt}::int, ${r.stake}::bigint, ${r.win}::bigint, ${r.rolling}::bigint, ${r.losing}::bigint)`))}
  `;
}
