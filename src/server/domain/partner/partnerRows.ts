/** Row builders of the partner screens: one batch of queries per page, never one per row. */
import type { z } from 'zod';
import type { memberRow, onlineRow, partnerInfo, partnerRow } from '../../../contract/partner.js';
import type { Db } from '../../db/driver.js';
import { childCounts, levelName, topUsers } from './hierarchy.js';
import type { Range } from '../common/dateRange.js';
import { betFigures, memberRates, type BetFigures, type MemberRates } from './partnerFigures.js';
import { memberMoney, subtreeHoldings, subtreeRequests, type MemberMoney } from './partnerMoney.js';
import { toWire } from '../common/time.js';
import { shownPoint } from '../money/shownBalance.js';

export type PartnerInfo = z.infer<typeof partnerInfo>;
export type PartnerRow = z.infer<typeof partnerRow>;
export type MemberRow = z.infer<typeof memberRow>;
export type OnlineRow = z.infer<typeof onlineRow>;

async function baseRows(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('member as m')
    .leftJoin('member as up', 'up.id', 'm.parent_id')
    .select([
      'm.id',
      'm.mem_id',
      'm.mem_nick',
      'm.mem_name',
      'm.mem_phone',
      'm.partner_level',
      'm.cash_amt',
      shownPoint('m').as('point_amt'),
      'm.login_yn',
      'm.created_at',
      'm.last_login_at',
      'm.last_login_ip',
      'm.login_count',
      'up.mem_id as up_id',
    ])
    .where('m.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}
type Base = Awaited<ReturnType<typeof baseRows>>[number];

function info(b: Base, rates: MemberRates, bets: BetFigures, money: { cashIn: number; cashOut: number; payment: number; payback: number }): PartnerInfo {
  return {
    memId: b.mem_id,
    memNick: b.mem_nick,
    partnerLevel: b.partner_level,
    partnerLevelName: levelName(b.partner_level),
    cashAmt: b.cash_amt,
    pointAmt: b.point_amt,
    memPhone: b.mem_phone ?? '',
    ...rates,
    casinoBetAmt: bets.casino.betAmt,
    casinoWinAmt: bets.casino.winAmt,
    slotBetAmt: bets.slot.betAmt,
    slotWinAmt: bets.slot.winAmt,
    casinoRolling: bets.casino.rollingAmt,
    slotRolling: bets.slot.rollingAmt,
    ...money,
  };
}

async function figures(db: Db, ids: number[], range: Range | null, locale: string) {
  const [base, money, rates, bets] = await Promise.all([baseRows(db, ids), memberMoney(db, ids, range), memberRates(db, ids), betFigures(db, ids, range, locale)]);
  return { base, money, rates, bets };
}

const partnerMoneyOf = (m: MemberMoney) => ({ cashIn: m.cashIn, cashOut: m.cashOut, payment: m.given, payback: m.retrieved });

/** PartnerInfo of one member (detail panel). */
export async function partnerInfoOf(db: Db, id: number, range: Range | null, locale: string): Promise<PartnerInfo> {
  const f = await figures(db, [id], range, locale);
  return info(f.base[0], f.rates.get(id)!, f.bets.get(id)!, partnerMoneyOf(f.money.get(id)!));
}

/** Partner list rows, in the order of `ids`. */
export async function partnerRows(db: Db, viewerId: number | null, ids: number[], range: Range | null, locale: string): Promise<PartnerRow[]> {
  const [f, tops, holdings, subtree, kids, partnerKids] = await Promise.all([
    figures(db, ids, range, locale),
    topUsers(db, viewerId, ids),
    subtreeHoldings(db, ids),
    subtreeRequests(db, ids, range),
    childCounts(db, ids, false),
    childCounts(db, ids, true),
  ]);
  return f.base.map((b) => {
    const h = holdings.get(b.id)!;
    const rates = f.rates.get(b.id)!;
    return {
      ...info(b, rates, f.bets.get(b.id)!, partnerMoneyOf(f.money.get(b.id)!)),
      topUserList: tops.get(b.id)!,
      totalBalance: { totalCashAmt: h.cashAmt, totalPointAmt: h.pointAmt },
      countInfo: h.byLevel.map((l) => ({ ...l, partnerLevelName: levelName(l.partnerLevel) })),
      joinDate: toWire(b.created_at),
      totalCashInAmt: subtree.get(b.id)!.cashIn,
      totalCashOutAmt: subtree.get(b.id)!.cashOut,
      cnt: kids.get(b.id) ?? 0,
      cntBottom: partnerKids.get(b.id) ?? 0,
      cntBotPartner: h.partnerCount,
      pointRate: rates.casinoRate,
      loseRate: rates.casinoLosing,
      loginYn: b.login_yn === 'N' ? 'N' : 'Y',
    };
  });
}

/** Member list rows, in the order of `ids`. */
export async function memberRows(db: Db, viewerId: number, ids: number[], range: Range | null, locale: string): Promise<MemberRow[]> {
  const [f, tops] = await Promise.all([figures(db, ids, range, locale), topUsers(db, viewerId, ids)]);
  return f.base.map((b) => {
    const m = f.money.get(b.id)!;
    const bets = f.bets.get(b.id)!;
    const rates = f.rates.get(b.id)!;
    return {
      ...info(b, rates, bets, { cashIn: m.cashIn, cashOut: m.cashOut, payment: m.received, payback: m.takenBack }),
      memName: b.mem_name ?? '',
      myLevel: b.partner_level,
      myLevelName: levelName(b.partner_level),
      recommenderId: b.up_id ?? '',
      topUserList: tops.get(b.id)!,
      byCasino: bets.casino,
      bySlot: bets.slot,
      totalCashProfit: m.cashIn - m.cashOut,
      totalBetAmt: bets.betAmt,
      totalBetWinAmt: bets.winAmt,
      totalWlAmt: bets.winAmt - bets.betAmt,
      betData: bets.lastGame,
      pointRate: rates.casinoRate,
      loseRate: rates.casinoLosing,
      joinDate: toWire(b.created_at),
      loginYn: b.login_yn === 'N' ? 'N' : 'Y',
    };
  });
}

/** Online member rows: member rows with the session's login time and address. */
export async function onlineRows(db: Db, viewerId: number, ids: number[], range: Range | null, locale: string): Promise<OnlineRow[]> {
  const [rows, base] = await Promise.all([memberRows(db, viewerId, ids, range, locale), baseRows(db, ids)]);
  return rows.map((r, i) => {
    const b = base[i];
    return {
      ...r,
      betAmt: r.totalBetAmt,
      winAmt: r.totalBetWinAmt,
      loginDt: b.last_login_at ? toWire(b.last_login_at) : r.joinDate,
      loginIP: b.last_login_ip ?? '',
      totalLoginCount: b.login_count,
    };
  });
}
