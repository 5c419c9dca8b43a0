import { z } from 'zod';
import { amount, call, listOf, page, wireDate } from './define.js';

/** The client's id for one user action (one per button press, reused on retry): replays answer the first result. */
export const requestId = z.string().min(1).max(64);
const optAmount = amount.optional();
const optDate = wireDate.optional().or(z.literal('').transform(() => undefined));

/** The bank's nightly maintenance, Korea time: withdrawals are refused (C210) from `start` until `end`. */
export const bankHours = { start: '23:30', end: '00:30' } as const;

/** The data of a C008 refusal (wrong withdrawal password): wrong tries left before withdrawals lock (C011). */
export const wrongOutPass = z.object({ triesLeft: z.number().int().nonnegative() });
export type WrongOutPass = z.infer<typeof wrongOutPass>;

/** A request's step: its number, its status and the step's time (its row's updDate after the step). */
export const cashRequestAnswer = z.object({ cashIdx: z.number(), cashStatus: z.number(), updDate: wireDate });

/** The ledger row a give, retrieve or grant wrote, as its receipt names it: the row's number and time in the history the receipt leads to. */
export const entryRecord = z.object({ logIdx: z.number(), regDate: wireDate });

export const cashRequestRow = z.object({
  cashIdx: z.number(),
  /** 1 deposit, -1 withdrawal */
  cashType: z.number(),
  regDate: wireDate,
  updDate: wireDate,
  cashAmt: z.number(),
  /** 0 applied, 2 waiting, 1 complete, -1 cancelled/rejected */
  cashStatus: z.number(),
  /** -1 by the operator (rejected), not by the member (cancelled) */
  refused: z.boolean().optional(),
});

/** One movement of the player's own cash, as the ledger wrote it. */
export const moveRow = z.object({
  /** the ledger row's number */
  moveIdx: z.number(),
  regDate: wireDate,
  /** the ledger's type code: a cash type (moneyKinds cashTypes) or a seamless game's bet, win or rollback (walletTypes) */
  moveType: z.number(),
  /** signed: what came in is positive, what went out negative */
  amount: z.number(),
  /** the cash balance right after this movement */
  afterAmt: z.number(),
  /** `#number`: the cash request's number for a deposit or withdrawal (what its receipt shows), else the ledger row's own */
  reference: z.string(),
  /** where the movement stands: a withdrawal held for the operator is 'pending' until paid ('done'), cancelled or rejected */
  state: z.enum(['pending', 'done', 'cancelled', 'rejected']).optional(),
});

export const cashCalls = {
  /** Deposit request: credited when the operator approves. */
  deposit: call(
    '/api/cash/in',
    z.object({ memId: z.string().optional(), cashType: z.unknown().optional(), cashStatus: z.unknown().optional(), cashAmt: optAmount, requestId }),
    cashRequestAnswer,
  ),
  /** Withdrawal request: the amount leaves the balance at once and comes back if cancelled or rejected. */
  withdraw: call(
    '/api/cash/out',
    z.object({
      memId: z.string().optional(),
      cashType: z.unknown().optional(),
      cashStatus: z.unknown().optional(),
      cashAmt: optAmount,
      cashOutPass: z.string().optional(),
      requestId,
    }),
    cashRequestAnswer,
  ),
  /** Own requests, newest first, 10 a page; dates default to 2 days back until now. */
  list: call(
    '/api/cash/list/',
    z.object({
      cashType: z.coerce
        .number()
        .int()
        .optional()
        .or(z.literal('').transform(() => undefined)),
      startDate: optDate,
      endDate: optDate,
      page,
    }),
    listOf(cashRequestRow),
  ),
  /** Own cash movements from the ledger, newest first, 10 a page; dates default to 7 days back until now. Never another member's. */
  moves: call('/api/cash/moveList', z.object({ startDate: optDate, endDate: optDate, page }), listOf(moveRow)),
  /** Cancel an own request still applied (status 0); a held withdrawal returns to the balance. */
  cancel: call('/api/cash/del', z.object({ cashIdx: z.coerce.number().int().positive(), requestId }), cashRequestAnswer),
};

export { optAmount, optDate };
