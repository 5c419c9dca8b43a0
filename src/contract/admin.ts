import { z } from 'zod';
import { call, empty, listOf, page, wireDate } from './define.js';
import { cashRequestAnswer, optAmount, optDate, requestId } from './cash.js';

export const adminCashRow = z.object({
  cashIdx: z.number(),
  memId: z.string(),
  memNick: z.string(),
  memName: z.string(),
  bank: z.string(),
  bankAcc: z.string(),
  cashType: z.number(),
  cashAmt: z.number(),
  cashStatus: z.number(),
  /** the member's cash now */
  memCashAmt: z.number(),
  regDate: wireDate,
  updDate: wireDate,
});

const issue = z.array(z.record(z.string(), z.unknown()));
export const ledgerReport = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  members: z.number(),
  entries: z.number(),
  totals: z.object({ cash: z.number(), point: z.number() }),
  balanceMismatches: issue,
  unbalancedMoves: issue,
  chainBreaks: issue,
  negatives: issue,
});

export const adminCalls = {
  /** Cash requests of the site, newest first, 40 a page; every filter optional. */
  cashList: call(
    '/api/admin/cash/list',
    z.object({
      cashStatus: z.coerce.number().int().optional().or(z.literal('').transform(() => undefined)),
      cashType: z.coerce.number().int().optional().or(z.literal('').transform(() => undefined)),
      memId: z.string().optional(),
      startDate: optDate, endDate: optDate, page,
      count_per_list: z.coerce.number().int().min(1).max(200).default(40),
    }),
    listOf(adminCashRow),
    'admin',
  ),
  /** 0 -> 2 (waiting), 2 -> 1 (approve) or -1 (reject); anything else T999. */
  cashProcess: call(
    '/api/admin/cash/process',
    z.object({ cashIdx: z.coerce.number().int().positive(), cashStatus: z.coerce.number().int(), requestId }),
    cashRequestAnswer,
    'admin',
  ),
  /** Grant (mode 2) or recover (mode -2) cash, or points with kind 'point', against the house. */
  grant: call(
    '/api/admin/cash/grant',
    z.object({
      memId: z.string().optional(), cashAmt: optAmount, mode: z.coerce.number().pipe(z.union([z.literal(2), z.literal(-2)])),
      memo: z.string().optional(), kind: z.enum(['cash', 'point']).default('cash'), requestId,
    }),
    z.object({ memId: z.string(), cashAmt: z.number(), pointAmt: z.number() }),
    'admin',
  ),
  /** Ledger health: stored balances against the entries, every movement balanced. */
  ledgerCheck: call('/api/admin/ledger/check', empty, ledgerReport, 'admin'),
};
