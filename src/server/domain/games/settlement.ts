/**
 * Settling one bet inside the wallet's money transaction: the win is paid, rolling points go to
 * the bettor and, differentially, to every ancestor (point type 3, against the house), and the
 * daily figures of the bettor and of every ancestor's subtree are recorded in the same
 * transaction; the accounts the movement did not lock and daily_stat are moved by the accrual step.
 */
import { sql } from 'kysely';
import { pointTypes } from '../../../contract/enums.js';
import { gameCashTypes, type GameCategory } from '../../../contract/game.js';
import type { BetStatus } from '../../db/tables/games.js';
import { commissionPlan, fromBp, toBp, type Plan } from '../money/commissions.js';
import type { MoneyTx, Trx } from '../money/ledger.js';
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

/** The bettor and its ancestors, nearest first, with the rates of this bet's category and vendor rate type. */
export async function pathRates(trx: Trx, memberId: number, category: string, vendorId: number, rateType: string): Promise<PathLevel[]> {
  const { rows } = await sql<{ id: number; mem_id: string; depth: number; p: number; l: number }>`
    select m.id, m.mem_id, p.depth,
           coalesce(d.point_rate, r.point_rate, 0) as p, coalesce(d.lose_rate, r.lose_rate, 0) as l
    from member_path p
    join member m on m.id = p.ancestor_id
    left join rate r on r.member_id = m.id and r.category = ${category}
    left join rate_detail d on d.member_id = m.id and d.vendor_id = ${vendorId}::bigint and d.rate_type = ${rateType}
    where p.descendant_id = ${memberId}::bigint and m.login_type <> 'ADMIN'
    order by p.depth
  `.execute(trx);
  return rows.map((r) => ({ id: Number(r.id), memId: r.mem_id, depth: r.depth, pointBp: toBp(Number(r.p)), loseBp: toBp(Number(r.l)) }));
}

export const statusOf = (stake: number, win: number): BetStatus => (win > stake ? 'win' : win === stake ? 'draw' : 'lose');
export const kstDay = (d: Date) => toWire(d).slice(0, 10);

/**
 * Settles `bet` with `win` inside `m` (which locked the bettor or `payTo` and deferred the house
 * and the ancestors). `payTo` receives the win: the bettor (seamless) or the site's game account (transfer).
 */
export async function settleInTx(m: MoneyTx, bet: OpenBet, win: number, path: PathLevel[], house: number, payTo: number, at: Date): Promise<{ status: BetStatus; plan: Plan }> {
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
  await m.trx.updateTable('bet').set({ win, status, settled_at: at }).where('id', '=', bet.id).execute();
  await addDaily(m.trx, bet, win, path, plan);
  return { status, plan };
}

async function addDaily(trx: Trx, bet: OpenBet, win: number, path: PathLevel[], plan: Plan) {
  const day = kstDay(bet.createdAt);
  const rows: { member: number; scope: 'O' | 'T'; cnt: number; stake: number; win: number; rolling: number; losing: number }[] = [];
  path.forEach((lv, i) => {
    const own = i === 0;
    const [r, l] = [plan.rolling[i], plan.losing[i]];
    if (own || r.paid || l.paid) rows.push({ member: lv.id, scope: 'O', cnt: own ? 1 : 0, stake: own ? bet.stake : 0, win: own ? win : 0, rolling: r.paid, losing: l.paid });
    rows.push({ member: lv.id, scope: 'T', cnt: 1, stake: bet.stake, win, rolling: r.cumulative, losing: l.cumulative });
  });
  await sql`
    insert into daily_pending (site_id, member_id, scope, day, category, bet_cnt, stake, win, rolling, losing)
    values ${sql.join(rows.map((r) => sql`(${bet.siteId}, ${r.member}::bigint, ${r.scope}, ${day}::date, ${bet.category}, ${r.cnt}::int, ${r.stake}::bigint, ${r.win}::bigint, ${r.rolling}::bigint, ${r.losing}::bigint)`))}
  `.execute(trx);
}
