import { z } from 'zod';
import { call, listOf, page, pageInfo, signedAmount, wireDate, yn } from './define.js';
import { entryRecord, optAmount, optDate, requestId } from './cash.js';

const optText = z
  .string()
  .optional()
  .nullable()
  .transform((v) => (v ? v : undefined));
const optCode = z
  .union([z.number(), z.string()])
  .optional()
  .nullable()
  .transform((v) => (v === '' || v == null ? undefined : Number(v)))
  .refine((v) => v === undefined || Number.isInteger(v), 'a type code');
const perPage = (d: number) => z.coerce.number().int().min(1).max(200).default(d);
const oldYn = yn.default('N');
/** Signed or not on the wire (take-back sends a negative amount): the magnitude counts. */
const magnitude = signedAmount.transform((v) => (v === undefined ? v : Math.abs(v))).optional();

/** Answer of every give/retrieve: the member's and the partner's balances after it, and its row (cash: the partner's give/retrieve list; points: the sub-partner point list). */
export const partnerMoveAnswer = z
  .object({
    memId: z.string(),
    cashAmt: z.number(),
    pointAmt: z.number(),
    myCashAmt: z.number(),
    myPointAmt: z.number(),
  })
  .extend(entryRecord.shape);

const topUser = z.object({ recommenderId: z.string(), partnerLevel: z.string(), partnerLevelName: z.string() });

export const cashSendRow = z.object({
  cashIdx: z.number(),
  topMemId: z.string(),
  botMemId: z.string(),
  botMemNick: z.string(),
  /** '-3' give, '3' retrieve (the partner's side) */
  cashType: z.string(),
  /** the partner's balance before and after */
  preCashAmt: z.number(),
  cashAmt: z.number(),
  aftCashAmt: z.number(),
  /** the member's balance before and after */
  botPreCashAmt: z.number(),
  botAftCashAmt: z.number(),
  regDate: wireDate,
  /** '1' done (failed attempts are not recorded) */
  cashStatus: z.string(),
  memo: z.string(),
});

export const cashTransRow = z.object({
  cashIdx: z.number(),
  regDate: wireDate,
  updDate: wireDate,
  /** the other side of the movement (own id for deposits, withdrawals, grants, conversions) */
  memId: z.string(),
  memNick: z.string(),
  cashType: z.number(),
  typeDesc: z.string(),
  preCashAmt: z.number(),
  /** signed */
  cashAmt: z.number(),
  postCashAmt: z.number(),
  /** 1 complete, 0/2 a withdrawal still held, -1 returned */
  cashStatus: z.number(),
  statusDesc: z.string(),
  memo: z.string(),
});

export const cashLogRow = z.object({
  cashIdx: z.number(),
  preCashAmt: z.number(),
  afterCashAmt: z.number(),
  cashAmt: z.number(),
  sender: z.string(),
  reciver: z.string(),
  cashType: z.number(),
  cashDesc: z.string(),
  memo: z.string(),
  regDate: wireDate,
  updDate: wireDate,
});

export const bottomCashRow = z.object({
  cashIdx: z.number(),
  memId: z.string(),
  memNick: z.string(),
  myLevel: z.string(),
  myLevelName: z.string(),
  /** the member's uppers inside the caller's own subtree, nearest first */
  topUserList: z.array(topUser),
  cashType: z.number(),
  cashDesc: z.string(),
  preCashAmt: z.number(),
  cashAmt: z.number(),
  aftCashAmt: z.number(),
  regDate: wireDate,
  updDate: wireDate,
});

export const subPointRow = z.object({
  pointIdx: z.number(),
  memId: z.string(),
  memNick: z.string(),
  pointType: z.string(),
  pointDesc: z.string(),
  prePointAmt: z.number(),
  pointAmt: z.number(),
  aftPointAmt: z.number(),
  pointRegDate: wireDate,
  memo: z.string(),
});

const searchType = z
  .enum(['memId', 'memNick', 'recommenderId'])
  .optional()
  .or(z.literal('').transform(() => undefined));

/** bottomCashList's request: the caller's subtree (or memId's), cash type, member search, dates, sort. */
const bottomCashReq = z.object({
  memId: optText,
  cashType: optCode,
  searchType,
  searchWord: optText,
  startDate: optDate,
  endDate: optDate,
  oldYn,
  page,
  count_per_list: perPage(40),
  orderColumn: z
    .enum(['preCashAmt', 'regDate', 'updDate'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  orderType: z
    .string()
    .optional()
    .transform((v) => (v?.toLowerCase() === 'asc' ? 'asc' : 'desc')),
});

export const retailCalls = {
  /** Give cash to a direct child: -3 on the partner, 33 on the child. */
  cashIn: call(
    '/api/v2/retail/cashIn',
    z.object({ memId: optText, inAmt: optAmount, memo: optText, type: z.unknown().optional(), inBonusYn: z.unknown().optional(), mode: z.unknown().optional(), requestId }),
    partnerMoveAnswer,
    'partner',
  ),
  /** Retrieve cash from a direct child: 3 on the partner, -33 on the child. */
  cashOut: call(
    '/api/v2/retail/cashOut',
    z.object({ memId: optText, outAmt: optAmount, memo: optText, type: z.unknown().optional(), bonusRollingYn: z.unknown().optional(), mode: z.unknown().optional(), requestId }),
    partnerMoveAnswer,
    'partner',
  ),
  /** Give (pointType 2) or take back (-2) points of a direct child. */
  pointChange: call(
    '/api/v2/retail/pointChange',
    z.object({ memId: optText, pointType: z.coerce.number().pipe(z.union([z.literal(2), z.literal(-2)])), pointDesc: optText, pointAmt: magnitude, memo: optText, requestId }),
    partnerMoveAnswer,
    'partner',
  ),
  /** Gives and retrieves made by a partner of the caller's subtree (default the caller). */
  cashSendlist: call(
    '/api/retail/cashSendlist',
    z.object({
      startDate: optDate,
      endDate: optDate,
      topMemId: optText,
      cashType: z.enum(['-3', '3', '']).optional(),
      cashStatus: optText,
      botMemId: optText,
      page,
      count_per_list: perPage(40),
    }),
    listOf(cashSendRow),
    'partner',
  ),
  /** The caller's own cash log; memId filters the other side; cashTypeList null or empty = all. */
  cashTransLog: call(
    '/api/v2/retail/cashTransLog',
    z.object({
      page,
      memId: optText,
      startDate: optDate,
      endDate: optDate,
      cashTypeList: z.array(z.coerce.number().int()).nullable().optional(),
      oldYn,
      count_per_list: perPage(10),
    }),
    z.object({ cashTransLogs: z.array(cashTransRow), pageInfo }),
    'partner',
  ),
  /** One member's cash log (detail screen's cash tab); memId must be in the caller's subtree. */
  cashLog: call(
    '/api/v2/retail/cashLog',
    z.object({ memId: optText, cashType: optCode, startDate: optDate, endDate: optDate, page }),
    z.object({ cashLog: z.array(cashLogRow), pageInfo }),
    'partner',
  ),
  /** Cash movements of every member below the caller (or below memId, a node of the caller's tree). */
  bottomCashList: call('/api/retail/bottomCashList', bottomCashReq, listOf(bottomCashRow), 'partner'),
  /**
   * The flagged variant the partner app calls when its site sets the flag: the same request and
   * the same rows, so a client on either path sees one list.
   */
  bottomCashList2: call('/api/retail/bottomCashList2', bottomCashReq, listOf(bottomCashRow), 'partner'),
  /** Point movements of every member below the caller (sub-partner point history). */
  pointList: call(
    '/api/retail/pointList',
    z.object({
      memId: optText,
      pointType: optCode,
      pointTypeList: z.array(z.coerce.number().int()).nullable().optional(),
      searchType,
      searchWord: optText,
      startDate: optDate,
      endDate: optDate,
      oldYn,
      page,
      count_per_list: perPage(40),
    }),
    listOf(subPointRow),
    'partner',
  ),
};
