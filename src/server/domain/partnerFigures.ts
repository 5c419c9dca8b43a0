/**
 * Partner figures that need bets or rates. Bets, rates and settlement arrive with their own
 * capability; until then each family answers zeros (or empty lists) from exactly one function
 * here, so wiring the real figures later touches nothing else.
 */
import type { Db } from '../db/driver.js';
import type { Range } from './moneyQueries.js';

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

/** Rate categories a partner is given rates in (seed: casino, hotel casino, slot, sports, mini-game). */
export const rateCategories = ['casino', 'hcasino', 'slot', 'sport', 'mini'] as const;

const noBets = (): GroupBets => ({ betAmt: 0, winAmt: 0, rollingAmt: 0, earnedRolling: 0 });

/** Bet, win and rolling per member over a window. Zero until bets exist. */
export async function betFigures(_db: Db, memberIds: number[], _range: Range | null): Promise<Map<number, BetFigures>> {
  return new Map(memberIds.map((id) => [id, { casino: noBets(), slot: noBets(), betAmt: 0, winAmt: 0, lastGame: null }]));
}

/** Bet profit (bets minus wins) of a whole subtree over a window: dBetBEP / betBEP. Zero until bets exist. */
export async function subtreeBetTotals(_db: Db, _rootId: number, _range: Range | null) {
  return { betAmt: 0, winAmt: 0, betBEP: 0 };
}

/** Rolling and losing percent per member (casino and slot). Zero until rate tables exist. */
export async function memberRates(_db: Db, memberIds: number[]): Promise<Map<number, MemberRates>> {
  return new Map(memberIds.map((id) => [id, { casinoRate: 0, slotRate: 0, casinoLosing: 0, slotLosing: 0 }]));
}

/**
 * Bounds for a new partner's rates under `parentId`: the parent's own rates are the maximum.
 * 0..0 per category until rate tables exist.
 */
export async function newPartnerRateBounds(_db: Db, _parentId: number): Promise<RateBound[]> {
  return rateCategories.map((vendorCode) => ({ vendorCode, minPointRate: 0, maxPointRate: 0, minLoseRate: 0, maxLoseRate: 0 }));
}

/** Games a member played (detail screen's game tab). Empty until bets exist. */
export async function playedGames(_db: Db, _memberId: number, _f: { range: Range; page: number; perPage: number }) {
  return { list: [] as { vendorName: string; gameName: string; regDate: string }[], total: 0 };
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

/** A member's bet transactions (detail screen's bet tab), optionally above a minimum win. Empty until bets exist. */
export async function betLog(_db: Db, _memberId: number, _f: { range: Range; minWin?: number; page: number; perPage: number }) {
  return { list: [] as BetLogRow[], total: 0 };
}
