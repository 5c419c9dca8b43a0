/**
 * Betting status, daily betting, settlement and statistics: all read the daily figures kept per
 * member, KST day and category with each settled bet; dates select whole KST days. Every memId
 * lies in the caller's own subtree (A002 otherwise).
 * Figures of a row are its whole subtree's: bets, wins, the rolling paid inside it
 * (floor(stake x its rate) per bet) and the losing (floor(net loss x its losing rate)).
 */
import { z } from 'zod';
import { call, page, pageInfo, wireDate, yn } from './define.js';
import { statTypes } from './gameConcepts.js';

const s = z.string();
const n = z.number();
const optText = z
  .union([z.string().max(200), z.number()])
  .optional()
  .nullable()
  .transform((v) => (v === '' || v == null ? undefined : String(v).trim() || undefined));
const optDate = wireDate
  .optional()
  .nullable()
  .or(z.literal('').transform(() => undefined))
  .transform((v) => v ?? undefined);
const perPage = (d: number) => z.coerce.number().int().min(1).max(200).default(d);
const range = { startDate: optDate, endDate: optDate };
const loose = { chkTodayYn: yn.optional(), offset: z.unknown().optional(), oldYn: yn.optional() };

/** Seed §3 statistics row; totalBEP = bet - win - rolling; loseRate is the member's own (casino for total). */
export const statRow = z.object({
  partnerLevel: s,
  partnerLevelName: s,
  memId: s,
  memNick: s,
  cashInAmtSum: n,
  cashOutAmtSum: n,
  betAmtSum: n,
  winAmtSum: n,
  winLoseSum: n,
  rollingSum: n,
  totalBEP: n,
  losingAmtSum: n,
  loseRate: n,
  couponCashSum: n,
  cashAmtSum: n,
  pointAmtSum: n,
});
export const dailyRow = z.object({ days: s, dUserPayment: n, dUserPayback: n, dBetAmt: n, dWinAmt: n });

type GroupKey<G extends string> = `${G}${'BetAmt' | 'BetAmtWin' | 'RollingAmt' | 'LosingAmt' | 'BetResultAmt'}`;
const group = <G extends string>(g: G) =>
  ({ [`${g}BetAmt`]: n, [`${g}BetAmtWin`]: n, [`${g}RollingAmt`]: n, [`${g}LosingAmt`]: n, [`${g}BetResultAmt`]: n }) as { [K in GroupKey<G>]: typeof n };
/** Settlement row: casino (live + hotel), slot, sport, mini prefixes; userPayment/userPayback: the member's gives/retrieves. */
export const settlementRow = z.object({
  memId: s,
  memNick: s,
  partnerLevel: s,
  partnerLevelName: s,
  cntBottom: n,
  miniRate: n,
  miniLoseRate: n,
  cashAmt: n,
  pointAmt: n,
  userCashIn: n,
  userCashOut: n,
  userPayment: n,
  userPayback: n,
  ...group('casino'),
  ...group('slot'),
  ...group('sport'),
  ...group('mini'),
  betAmt: n,
  betAmtWin: n,
  rollingAmt: n,
  losingAmt: n,
  betResultAmt: n,
});
export const settlementTotal = settlementRow
  .omit({ memId: true, memNick: true, partnerLevel: true, partnerLevelName: true, cntBottom: true, miniRate: true, miniLoseRate: true })
  .extend({ userCashResultAmt: n });
export const userReportRow = settlementRow.extend({ recommenderId: s, betCnt: n });
export type SettlementRow = z.output<typeof settlementRow>;
export type SettlementTotal = z.output<typeof settlementTotal>;

const statsReq = z.object({ memId: optText, ...range, page, count_per_list: perPage(40) });

/** A daily report's sums over the whole period (all pages). */
const periodTotal = z.object({ betCnt: n, betAmt: n, winAmt: n, rollingAmt: n, losingAmt: n, betResultAmt: n });

export const statsCalls = {
  betStatistics: call(
    '/api/v2/retail/report/betStatistics',
    z.object({ memId: optText, statType: z.enum(statTypes).default('total'), ...range }),
    z.object({ myStatData: statRow, botStatList: z.array(statRow), botStatSum: statRow }),
    'partner',
  ),
  dailyBetting: call(
    '/api/v2/retail/daily/betting',
    z.object({ memId: optText, ...range }),
    z.object({ dailyBetList: z.array(dailyRow), dailyBetSum: dailyRow.omit({ days: true }) }),
    'partner',
  ),
  /** INNER: the row of searchMemId (default the caller); OUTER: its direct lower partners, 20 a page, cntBottom > 0 when expandable. */
  myCalculate: call(
    '/api/retail/myCalculate',
    z.object({
      searchType: z.enum(['INNER', 'OUTER']).default('OUTER'),
      searchMemId: optText,
      ...range,
      ...loose,
      page,
      count_per_list: perPage(20),
    }),
    z.object({
      inSearchList: z.array(settlementRow).optional(),
      inSearchTotal: settlementTotal.optional(),
      outSearchList: z.array(settlementRow).optional(),
      outSearchTotal: settlementTotal.optional(),
      search: z.record(z.string(), z.unknown()).optional(),
      pageInfo: pageInfo.optional(),
    }),
    'partner',
  ),
  /** Settlement per player of the subtree; orderStr BET_DESC|BET_ASC|WIN_DESC|WIN_ASC|ID_ASC. */
  reportByUser: call(
    '/api/retail/reportByUser',
    z.object({
      searchMemId: optText,
      searchRecommandId: optText,
      orderStr: optText,
      ...range,
      ...loose,
      page,
      count_per_list: perPage(20),
    }),
    z.object({ searchList: z.array(userReportRow), pageInfo, searchTotal: settlementTotal }),
    'partner',
  ),
  allUsers: call('/api/v2/stats/allUsers', statsReq.extend({ searchMemId: optText }), z.object({ list: z.array(userReportRow), pageInfo, total: settlementTotal }), 'partner'),
  allGames: call(
    '/api/v2/stats/allGames',
    statsReq,
    z.object({
      list: z.array(z.object({ vendorCode: s, vendorName: s, gameCode: s, gameName: s, gameCategory: s, betCnt: n, betAmt: n, winAmt: n, betResultAmt: n, userCnt: n })),
      pageInfo,
    }),
    'partner',
  ),
  dateAgent: call(
    '/api/v2/stats/dateAgent',
    statsReq,
    z.object({
      list: z.array(
        z.object({ days: s, memId: s, memNick: s, partnerLevel: s, partnerLevelName: s, betCnt: n, betAmt: n, winAmt: n, rollingAmt: n, losingAmt: n, betResultAmt: n }),
      ),
      pageInfo,
      total: periodTotal,
    }),
    'partner',
  ),
  dateUsers: call(
    '/api/v2/stats/dateUsers',
    statsReq,
    z.object({
      list: z.array(z.object({ days: s, memId: s, memNick: s, betCnt: n, betAmt: n, winAmt: n, rollingAmt: n, betResultAmt: n })),
      pageInfo,
      total: periodTotal,
    }),
    'partner',
  ),
  dateGames: call(
    '/api/v2/stats/dateGames',
    statsReq,
    z.object({
      list: z.array(z.object({ days: s, gameCategory: s, betCnt: n, betAmt: n, winAmt: n, rollingAmt: n, losingAmt: n, betResultAmt: n })),
      pageInfo,
      total: periodTotal,
    }),
    'partner',
  ),
};
