/**
 * Partner figures that need bets or rates: each family comes from exactly one function here,
 * reading the daily figures, the rate table and the bets.
 */
import { localName } from '../games/localNames.js';
import { sql } from 'kysely';
import { gameCategories, settleGroups } from '../../../contract/game.js';
import type { Db } from '../../db/driver.js';
import type { Range } from '../common/dateRange.js';
import { ratesOf } from './rates.js';
import { daysOf, figures } from '../reports/figures.js';
import { toWire } from '../common/time.js';

export interface GroupBets {
  betAmt: number;
  winAmt: number;
  /** rolling the member's own bets earned it */
  rollingAmt: number;
  /** rolling the member earned from its downline's bets */
  earnedRolling: number;
}
export interface BetFigures {
  casino: GroupBets;
  slot: GroupBets;
  /** all groups together */
  betAmt: number;
  winAmt: number;
  /** last game played: vendor, game and time (wire date), or null */
  lastGame: { vendorName: string; gameName: string; regDate: string } | null;
}

export interface MemberRates {
  casinoRate: number;
  slotRate: number;
  casinoLosing: number;
  slotLosing: number;
}

export interface RateBound {
  vendorCode: string;
  minPointRate: number;
  maxPointRate: number;
  minLoseRate: number;
  maxLoseRate: number;
}

const noBets = (): GroupBets => ({ betAmt: 0, winAmt: 0, rollingAmt: 0, earnedRolling: 0 });

/** Bet and win of each member's subtree (its own bets for a player), and the rolling it was credited, over a window. */
export async function betFigures(db: Db, memberIds: number[], range: Range | null, locale: string): Promise<Map<number, BetFigures>> {
  const out = new Map<number, BetFigures>(memberIds.map((id) => [id, { casino: noBets(), slot: noBets(), betAmt: 0, winAmt: 0, lastGame: null }]));
  if (!memberIds.length) return out;
  // no window: all time, one kept row per member and category
  const days = range ? daysOf(range) : null;
  const [sub, own, kinds, last] = await Promise.all([
    figures(db, memberIds, 'T', days),
    figures(db, memberIds, 'O', days),
    db.selectFrom('member').select(['id', 'login_type']).where('id', 'in', memberIds).execute(),
    sql<{ member_id: number; vname: string; gname: string; created_at: Date }>`
      select m.id as member_id, coalesce(v.names ->> ${locale}, v.name) as vname, coalesce(g.names ->> ${locale}, g.name) as gname, b.created_at
      from unnest(${sql`array[${sql.join(memberIds.map((id) => sql`${id}::bigint`))}]`}) as m(id)
      -- one index probe per member for its latest bet, however many bets it has
      cross join lateral (select vendor_id, game_id, created_at from bet where member_id = m.id order by created_at desc limit 1) b
      join vendor v on v.id = b.vendor_id join game g on g.id = b.game_id`.execute(db),
  ]);
  const partner = new Map(kinds.map((k) => [k.id, k.login_type !== 'NORMAL']));
  const groups = { casino: settleGroups.casino, slot: settleGroups.slot };
  for (const id of memberIds) {
    const f = out.get(id)!;
    for (const [g, cats] of Object.entries(groups) as [keyof typeof groups, readonly string[]][]) {
      for (const c of cats) {
        const t = sub.get(id)!.get(c);
        const o = own.get(id)!.get(c);
        f[g].betAmt += t?.stake ?? 0;
        f[g].winAmt += t?.win ?? 0;
        if (partner.get(id)) f[g].earnedRolling += o?.rolling ?? 0;
        else f[g].rollingAmt += o?.rolling ?? 0;
      }
    }
    for (const t of sub.get(id)!.values()) {
      f.betAmt += t.stake;
      f.winAmt += t.win;
    }
  }
  for (const r of last.rows) out.get(Number(r.member_id))!.lastGame = { vendorName: r.vname, gameName: r.gname, regDate: toWire(r.created_at) };
  return out;
}

/** Bet profit (bets minus wins) of a whole subtree over a window: dBetBEP / betBEP. */
export async function subtreeBetTotals(db: Db, rootId: number, range: Range | null) {
  const f = (await figures(db, [rootId], 'T', range ? daysOf(range) : null)).get(rootId)!;
  let betAmt = 0;
  let winAmt = 0;
  for (const x of f.values()) {
    betAmt += x.stake;
    winAmt += x.win;
  }
  return { betAmt, winAmt, betBEP: betAmt - winAmt };
}

/** Rolling and losing percent per member (casino and slot). */
export async function memberRates(db: Db, memberIds: number[]): Promise<Map<number, MemberRates>> {
  const rates = await ratesOf(db, memberIds);
  return new Map(
    memberIds.map((id) => {
      const r = rates.get(id)!;
      return [id, { casinoRate: r.casino.pointRate, slotRate: r.slot.pointRate, casinoLosing: r.casino.loseRate, slotLosing: r.slot.loseRate }];
    }),
  );
}

/** Bounds for a new partner's rates under `parentId`: the parent's own rates are the maximum. */
export async function newPartnerRateBounds(db: Db, parentId: number | null): Promise<RateBound[]> {
  // under the house (a top-level partner) every rate may go up to 100, as boundsOf has it
  const r = parentId == null ? null : (await ratesOf(db, [parentId])).get(parentId)!;
  return gameCategories.map((vendorCode) => ({
    vendorCode,
    minPointRate: 0,
    maxPointRate: r ? r[vendorCode].pointRate : 100,
    minLoseRate: 0,
    maxLoseRate: r ? r[vendorCode].loseRate : 100,
  }));
}

/** Games a member played (detail screen's game tab), last played first. */
export async function playedGames(db: Db, memberId: number, locale: string, f: { range: Range; page: number; perPage: number }) {
  const q = db
    .selectFrom('bet as b')
    .innerJoin('game as g', 'g.id', 'b.game_id')
    .innerJoin('vendor as v', 'v.id', 'b.vendor_id')
    .where('b.member_id', '=', memberId)
    .where('b.created_at', '>=', f.range.from)
    .where('b.created_at', '<', f.range.to);
  const [{ n }] = await q.select(sql<number>`count(distinct b.game_id)`.as('n')).execute();
  const rows = await q
    .select([localName('v', locale, 'vendorName'), localName('g', locale, 'gameName'), sql<Date | string>`max(b.created_at)`.as('at')])
    .groupBy(['v.id', 'g.id'])
    .orderBy(sql`max(b.created_at)`, 'desc')
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage)
    .execute();
  return { list: rows.map((r) => ({ vendorName: r.vendorName, gameName: r.gameName, regDate: toWire(new Date(r.at)) })), total: Number(n) };
}

export interface BetLogRow {
  betIdx: number;
  vendorName: string;
  gameName: string;
  betId: string;
  tranType: string;
  bfMoney: number;
  amount: number;
  afMoney: number;
  regDate: string;
}

/** A member's wallet transactions (detail screen's bet tab), optionally of bets that won at least minWin. */
export async function betLog(db: Db, memberId: number, locale: string, f: { range: Range; minWin?: number; page: number; perPage: number }) {
  let q = db
    .selectFrom('wallet_tx as t')
    .innerJoin('bet as b', 'b.id', 't.bet_id')
    .innerJoin('game as g', 'g.id', 'b.game_id')
    .innerJoin('vendor as v', 'v.id', 'b.vendor_id')
    .where('t.member_id', '=', memberId)
    .where('t.created_at', '>=', f.range.from)
    .where('t.created_at', '<', f.range.to);
  if (f.minWin) q = q.where('b.win', '>=', f.minWin);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .select(['b.id', localName('v', locale, 'vname'), localName('g', locale, 'gname'), 'b.tx_id', 't.kind', 't.before_amt', 't.amount', 't.after_amt', 't.created_at'])
    .orderBy('t.id', 'desc')
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage)
    .execute();
  return {
    list: rows.map((r): BetLogRow => ({
      betIdx: r.id,
      vendorName: r.vname,
      gameName: r.gname,
      betId: r.tx_id,
      tranType: r.kind,
      bfMoney: r.before_amt,
      amount: r.amount,
      afMoney: r.after_amt,
      regDate: toWire(r.created_at),
    })),
    total: Number(n),
  };
}
