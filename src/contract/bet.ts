/** Bet histories: the player's own, the partner's betting lists (casino/slot/mini and sports) and bet detail. */
import { z } from 'zod';
import { call, listOf, page, pageInfo, wireDate, yn } from './define.js';
import { betStatuses } from './gameConcepts.js';

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
const oldYn = yn.default('N');
const orderType = z
  .string()
  .optional()
  .nullable()
  .transform((v) => (v?.toLowerCase() === 'asc' ? ('asc' as const) : ('desc' as const)));
/** Result filter: win, lose, draw, wait, cancel (empty = all). */
const resultType = z
  .enum(betStatuses)
  .optional()
  .or(z.literal('').transform(() => undefined))
  .nullable()
  .transform((v) => v ?? undefined);
const searchType = z
  .enum(['memId', 'memNick', 'recommenderId'])
  .optional()
  .or(z.literal('').transform(() => undefined))
  .nullable()
  .transform((v) => v ?? undefined);

/** Player history row. type: win|lose|draw|wait|cancel; resultLabel PASS|FAIL|TIE|WAIT|CANCEL; resultCash = winCash - cash. */
export const betRow = z.object({
  betIdx: n,
  betId: s,
  roundId: s,
  vendorCode: s,
  vendorName: s,
  gameCode: s,
  gameName: s,
  gameCategory: s,
  beforeCash: n,
  cash: n,
  winCash: n,
  afterCash: n,
  resultCash: n,
  type: s,
  resultLabel: s,
  regDate: wireDate,
  settleDate: wireDate.nullable(),
});
/** Partner betting-list row (seed §3 non-sport bet row) plus the player's upper. */
export const partnerBetRow = betRow.extend({ memId: s, memNick: s, recommenderId: s, createdAt: wireDate });
/** One leg of a sports bet with its bet's summary (rows of one bet share betIdx). */
export const sportLegRow = z.object({
  betIdx: n,
  betId: s,
  newLineID: n,
  memId: s,
  memNick: s,
  eventDate: wireDate,
  branchID: n,
  leagueName: s,
  leagueNameKO: s,
  homeTeam: s,
  homeTeamKO: s,
  awayTeam: s,
  awayTeamKO: s,
  /** 'home:away' once the event ended, else '' */
  score: s,
  yourBet: s,
  lineOdds: n,
  /** Opened, Won, Lost, Draw */
  status: s,
  betDate: wireDate,
  betTypeName: s,
  betAmt: n,
  betWinAmt: n,
  /** the legs' odds multiplied, floored to 2 decimals, and floor(betAmt x totalOdds) */
  totalOdds: n,
  expectedWin: n,
  type: s,
});

/** The game categories as the bet screens name them (minigame, hc-casino, sports accepted). */
export const betCategory = z
  .string()
  .optional()
  .nullable()
  .transform((v) => {
    if (!v) return undefined;
    const m: Record<string, string> = { minigame: 'mini', 'hc-casino': 'hcasino', sports: 'sport' };
    return Object.hasOwn(m, v) ? m[v] : v;
  });

export const betCalls = {
  /** Own bets, newest first, 10 a page; groupKey = category; dates default to 7 days back. */
  betlist: call('/api/bet/betlist', z.object({ groupKey: betCategory, vendorCode: optText, startDate: optDate, endDate: optDate, page, oldYn }), listOf(betRow)),
  /**
   * One bet: the caller's own or one of its subtree's (A002 otherwise). betId is the bet number
   * (betIdx) or the vendor's bet id. detail: JSON text {dType, gameType, gameProvider, id, startedAt,
   * settledAt, status, result, bets}; dType 'detail_5' carries baccarat cards, 'sports' legs, 'default' the rest.
   */
  betDetail: call(
    '/api/bet/betDetailTest',
    z.object({ betId: z.union([z.string().min(1).max(100), z.number()]).transform(String) }),
    z.object({
      info: z.object({ betIdx: n, betId: s, memId: s, type: s, betAmt: n, betWinAmt: n, regDate: wireDate }),
      detail: s,
    }),
  ),
  /** Partner betting list (non-sport by default): bets of the caller's subtree, 40 a page. */
  betList: call(
    '/api/retail/betList',
    z.object({
      gameCategory: betCategory,
      vendorCode: optText,
      resultType,
      searchType,
      searchValue: optText,
      searchMemId: optText,
      chkTodayYn: yn.optional(),
      startDate: optDate,
      endDate: optDate,
      offset: z.unknown().optional(),
      oldYn,
      page,
      count_per_list: perPage(40),
      orderColumn: z
        .enum(['betAmt', 'betWinAmt', 'regDate'])
        .optional()
        .or(z.literal('').transform(() => undefined))
        .nullable()
        .transform((v) => v ?? undefined),
      orderType,
    }),
    listOf(partnerBetRow),
    'partner',
  ),
  /** Settlement sub-panel: bets of the members below memId (default the caller), 10 a page. */
  bottomBetList: call(
    '/api/retail/bottomBetList',
    z.object({
      memId: optText,
      gameCategory: betCategory,
      vendorCode: optText,
      startDate: optDate,
      endDate: optDate,
      oldYn,
      page,
      count_per_list: perPage(10),
    }),
    listOf(partnerBetRow),
    'partner',
  ),
  /** Sports bets of the subtree below memId (default the caller), 100 bets a page, one row per leg. */
  sportList: call(
    '/api/retail/sport/bottomBetList',
    z.object({
      memId: optText,
      branchID: z.coerce
        .number()
        .int()
        .optional()
        .or(z.literal('').transform(() => undefined))
        .nullable()
        .transform((v) => v ?? undefined),
      resultType,
      searchType,
      searchValue: optText,
      startDate: optDate,
      endDate: optDate,
      offset: z.unknown().optional(),
      oldYn,
      page,
      count_per_list: perPage(100),
      orderColumn: z
        .enum(['betAmt', 'betWinAmt', 'betDate', 'eventDate'])
        .optional()
        .or(z.literal('').transform(() => undefined))
        .nullable()
        .transform((v) => v ?? undefined),
      orderType,
    }),
    z.object({ list: z.array(sportLegRow), pageInfo }),
    'partner',
  ),
};
