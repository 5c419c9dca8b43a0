/**
 * Games: lobby, launch, game money (transfer-wallet vendors), the vendor wallet callbacks and the
 * built-in demo vendor's play calls that the PWA's game page makes.
 */
import { z } from 'zod';
import { call, empty, wireDate, type Call } from './define.js';
import { optAmount, requestId } from './cash.js';
import { gameCategories, picks } from './gameConcepts.js';

export * from './gameConcepts.js';
/** Ledger cash types of game play (beside 19 / -19 for game money). */
export const gameCashTypes = { bet: 10, win: 11, refund: 12 } as const;

const s = z.string();
const n = z.number();
const optText = z
  .union([z.string().max(200), z.number()])
  .optional()
  .nullable()
  .transform((v) => (v === '' || v == null ? undefined : String(v).trim() || undefined));

export const vendorItem = z.object({
  vendorCode: s,
  vendorName: s,
  category: z.enum(gameCategories),
  walletMode: z.enum(['seamless', 'transfer']),
  status: s,
  minBet: n,
  maxBet: n,
  maxWin: n,
});
export const gameItem = z.object({ vendorCode: s, gameCode: s, gameName: s, gameType: z.enum(gameCategories), kind: s, status: s });

const launchReq = z.object({ vendorKey: optText, gameType: optText, gameKey: optText });
const launchRes = z.object({
  /** the PWA route that plays it: /{prefix}/game/{vendor}/{game}?t={launch token} */
  gameurl: s,
  token: s,
  vendorCode: s,
  gameCode: s,
  walletMode: z.enum(['seamless', 'transfer']),
  /** the member's cash and game money after launch (transfer vendors move cash to game money) */
  cashAmt: n,
  gameAmt: n,
  expiresAt: wireDate,
});
const conversion = z.object({ cashAmt: n, gameAmt: n, moved: n });

export const gameCalls = {
  /** Game groups (categories) with their vendors, for the lobby cards. */
  gameGroupCodes: call(
    '/api/common/gameGroupCodes',
    empty,
    z.object({
      list: z.array(z.object({ groupCode: z.enum(gameCategories), groupName: s, vendors: z.array(vendorItem) })),
    }),
    'site',
  ),
  /** Games, optionally of one vendor or category. */
  gameCodes: call('/api/common/gameCodes', z.object({ vendorCode: optText, gameType: optText }), z.object({ list: z.array(gameItem) }), 'site'),
  /**
   * Launch: B0095 partners, B1002 locked or suspended, U020/U021 on a break or self-excluded,
   * B6011 the player's own loss limit reached, B0093 maintenance (site window or vendor),
   * B1001 bets locked, B0092 unknown game, B6000 no money (cash plus this vendor's game money).
   */
  getGame: call('/api/minigame/getGame', launchReq, launchRes),
  launch: call('/api/game/launch', launchReq, launchRes),
  /** The member's game money per transfer-wallet vendor. */
  gameMoney: call('/api/game/gameMoney', empty, z.object({ cashAmt: n, gameAmt: n, list: z.array(z.object({ vendorCode: s, vendorName: s, gameAmt: n })) })),
  /** Integrated money: every vendor's game money back to cash (19). C009 while a round is open. */
  changeMemCashFlag: call('/api/member/changeMemCashFlag', z.object({ requestId: requestId.optional() }), conversion),
  /** The same for a member of the caller's subtree. */
  retailChangeMemCashFlag: call('/api/retail/changeMemCashFlag', z.object({ memId: optText, requestId: requestId.optional() }), conversion, 'partner'),
  /** Game money back to cash: cashAmt of it (default all), from vendorCode (default every vendor). */
  outGameMoney: call('/api/cash/outGameMoney', z.object({ cashAmt: optAmount, vendorCode: optText, requestId: requestId.optional() }), conversion),
};

// --- vendor wallet callbacks: POST /api/vendor/{vendorCode}/{action}, header X-Signature = hex HMAC-SHA256(secret, raw body);
// the body names its site in siteId, as every call but the public ones does
export const walletActions = ['balance', 'bet', 'win', 'rollback'] as const;
export type WalletAction = (typeof walletActions)[number];
const txId = z.string().min(1).max(100);
const walletReq = {
  balance: z.object({ memId: s }),
  bet: z.object({
    memId: s,
    txId,
    roundId: z.string().min(1).max(100),
    gameCode: s,
    amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    /** most the bet can pay (sports: stake x combined odds), checked against the vendor's max win */
    maxPayout: z.number().int().nonnegative().optional(),
    betType: s.optional(),
    odds: n.optional(),
    legs: z
      .array(z.object({ eventId: z.number().int(), pick: z.enum(picks), odds: n }))
      .max(20)
      .optional(),
    detail: z.record(z.string(), z.unknown()).optional(),
    /** the launch token the game was opened with: when sent, a bet is refused once its session has ended */
    token: z.string().min(10).max(2000).optional(),
  }),
  win: z.object({
    memId: s,
    txId,
    betTxId: txId,
    amount: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    detail: z.record(z.string(), z.unknown()).optional(),
  }),
  rollback: z.object({ memId: s, txId, betTxId: txId }),
};
/** data of every callback answer; a replay answers the first one unchanged. */
const walletRes = z.object({ balance: n, txId: s.optional(), betId: n.optional(), status: s.optional() });
const walletCall = <R extends z.ZodType>(action: WalletAction, req: R) =>
  call(`/api/vendor/{vendorCode}/${action}`, req, walletRes, 'vendor') as Call<R, typeof walletRes> & { access: 'vendor' };
/** The callbacks a seamless-wallet vendor makes; each moves money once per txId. */
export const walletCalls = {
  balance: walletCall('balance', walletReq.balance),
  bet: walletCall('bet', walletReq.bet),
  win: walletCall('win', walletReq.win),
  rollback: walletCall('rollback', walletReq.rollback),
};

// --- the demo vendor's play calls (the game page); `t` is the launch token
const t = z.string().min(10).max(2000);
const stake = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const card = s;
export const demoCalls = {
  session: call(
    '/api/demo-vendor/session',
    z.object({ t }),
    z.object({
      memId: s,
      vendorCode: s,
      vendorName: s,
      gameCode: s,
      gameName: s,
      kind: s,
      walletMode: s,
      balance: n,
      minBet: n,
      maxBet: n,
      maxWin: n,
    }),
    'public',
  ),
  slotSpin: call(
    '/api/demo-vendor/slot/spin',
    z.object({ t, bet: stake, roundId: s.max(100).optional() }),
    z.object({
      roundId: s,
      reels: z.array(s),
      line: s,
      multiplier: n,
      win: n,
      balance: n,
    }),
    'public',
  ),
  /** Opens a baccarat round with stakes on player / banker / tie (the round stays open until dealt, at most a minute). */
  baccaratBet: call(
    '/api/demo-vendor/baccarat/bet',
    z.object({ t, player: stake.optional(), banker: stake.optional(), tie: stake.optional(), roundId: s.max(100).optional() }),
    z.object({ roundId: s, stake: n, balance: n }),
    'public',
  ),
  baccaratDeal: call(
    '/api/demo-vendor/baccarat/deal',
    z.object({ t, roundId: s }),
    z.object({
      roundId: s,
      player: z.object({ cards: z.array(card), score: n }),
      banker: z.object({ cards: z.array(card), score: n }),
      result: z.enum(['player', 'banker', 'tie']),
      stake: n,
      win: n,
      balance: n,
    }),
    'public',
  ),
  miniPlay: call(
    '/api/demo-vendor/mini/play',
    z.object({ t, pick: z.enum(['odd', 'even']), bet: stake, roundId: s.max(100).optional() }),
    z.object({
      roundId: s,
      number: n,
      result: z.enum(['odd', 'even']),
      win: n,
      balance: n,
    }),
    'public',
  ),
  sportsEvents: call(
    '/api/demo-vendor/sports/events',
    z.object({ t }),
    z.object({
      list: z.array(
        z.object({
          eventId: n,
          branchID: n,
          leagueName: s,
          leagueNameKO: s,
          homeTeam: s,
          homeTeamKO: s,
          awayTeam: s,
          awayTeamKO: s,
          eventDate: wireDate,
          odds: z.object({ home: n, draw: n.optional(), away: n }),
        }),
      ),
    }),
    'public',
  ),
  /** One leg is a single, several a parlay (combined odds = product floored to 2 decimals). */
  sportsBet: call(
    '/api/demo-vendor/sports/bet',
    z.object({
      t,
      stake,
      picks: z
        .array(z.object({ eventId: z.number().int(), pick: z.enum(picks) }))
        .min(1)
        .max(10),
      roundId: s.max(100).optional(),
    }),
    z.object({ betId: n, roundId: s, odds: n, expectedWin: n, balance: n }),
    'public',
  ),
};
