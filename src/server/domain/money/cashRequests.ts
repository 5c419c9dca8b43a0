import { sql } from 'kysely';
import { checkCashOutPass, type OutPassLimit } from './outPass.js';
import { ApiError } from '../../../contract/codes.js';
import type { Db } from '../../db/driver.js';
import { depositAmountError, inBankMaintenance, withdrawalAmountError, type AmountOptions } from './cashRules.js';
import { movementHead, runMovement, systemAccounts, type Actor, type MoneyResult } from './ledger.js';

export interface CashRequestOptions extends AmountOptions {
  withdrawWaitMinutes: number;
  /** attempt limit of the withdrawal password (server configuration) */
  outPass?: OutPassLimit;
}
export interface RequestAnswer {
  cashIdx: number;
  cashStatus: number;
  /** the step's time, as the request's row shows it after the step */
  updDate: string;
}

/** A player asks for a deposit; nothing moves until the operator approves it (money_cash_deposit). */
export function requestDeposit(db: Db, actor: Actor, amount: number | undefined, o: CashRequestOptions): Promise<MoneyResult<RequestAnswer>> {
  const refuse = depositAmountError(amount, o);
  return runMovement(db, actor.siteId, () => sql`select money_cash_deposit(${movementHead(actor)}, ${refuse}, ${refuse ? null : amount}::bigint) as r`);
}

/**
 * A player asks for a withdrawal: checked in the product's order, then the amount is held at once
 * (member -> hold, type -1) and returned if the request is cancelled or rejected.
 */
export function requestWithdrawal(db: Db, actor: Actor, p: { amount?: number; cashOutPass?: string | null }, o: CashRequestOptions): Promise<MoneyResult<RequestAnswer>> {
  return holdWithdrawal(db, actor, p.amount ?? 0, o, () => withdrawalChecks(db, actor, p, o));
}

/** Checks before the hold, in the product's order; the password check is slow, so it runs outside the lock. */
async function withdrawalChecks(db: Db, actor: Actor, p: { amount?: number; cashOutPass?: string | null }, o: CashRequestOptions) {
  if (!p.amount) throw new ApiError('C206');
  if (inBankMaintenance(actor.at)) throw new ApiError('C210');
  const me = await db
    .selectFrom('member')
    .select(['status', 'out_amt_yn', 'cash_out_pass_hash', 'cash_amt', 'out_locked_until'])
    .where('id', '=', actor.id)
    .executeTakeFirstOrThrow();
  if (me.status === 'SUSPENDED') throw new ApiError('U0011');
  if (me.out_amt_yn !== 'Y') throw new ApiError('C203');
  if (!me.cash_out_pass_hash) throw new ApiError('C010');
  await checkCashOutPass(db, { id: actor.id, hash: me.cash_out_pass_hash, lockedUntil: me.out_locked_until }, p.cashOutPass, actor.at, o.outPass);
  if (p.amount > me.cash_amt) throw new ApiError('C202');
  const bad = withdrawalAmountError(p.amount, o);
  if (bad) throw new ApiError(bad);
}

/**
 * The withdrawal's movement once the password and amount rules passed (`checks`, run after the
 * request id's lookup): re-checked under the member's lock (money_cash_withdraw).
 */
export async function holdWithdrawal(db: Db, actor: Actor, amount: number, o: CashRequestOptions, checks?: () => Promise<void>): Promise<MoneyResult<RequestAnswer>> {
  const { hold } = await systemAccounts(db, actor.siteId);
  return runMovement(
    db,
    actor.siteId,
    () => sql`select money_cash_withdraw(${movementHead(actor)}, ${hold}::bigint,
    ${amount}::bigint, ${o.withdrawWaitMinutes}::int) as r`,
    checks && { actor, checks },
  );
}

/** The player cancels an own request still in the applied state; a held withdrawal comes back (money_cash_cancel). */
export async function cancelRequest(db: Db, actor: Actor, cashIdx: number | undefined): Promise<MoneyResult<RequestAnswer>> {
  const { hold } = await systemAccounts(db, actor.siteId);
  return runMovement(db, actor.siteId, () => sql`select money_cash_cancel(${movementHead(actor)}, ${hold}::bigint, ${cashIdx ?? null}::bigint) as r`);
}

/**
 * The operator moves a request along 0 -> 2 -> 1 | -1 (anything else T999). Approving a deposit
 * credits it from the house with its deposit event; approving a withdrawal sends the held amount
 * out (hold -> house); rejecting a withdrawal returns it to the member (money_cash_process).
 */
export async function processRequest(db: Db, actor: Actor, cashIdx: number | undefined, next: number): Promise<MoneyResult<RequestAnswer>> {
  const { house, hold } = await systemAccounts(db, actor.siteId);
  return runMovement(
    db,
    actor.siteId,
    () => sql`select money_cash_process(${movementHead(actor)}, ${house}::bigint, ${hold}::bigint,
    ${cashIdx ?? null}::bigint, ${next}::int) as r`,
  );
}
