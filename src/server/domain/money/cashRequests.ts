import { checkCashOutPass, type OutPassLimit } from './outPass.js';
import { ApiError } from '../../../contract/codes.js';
import { cashStatus, cashTypes } from '../../../contract/enums.js';
import type { Db } from '../../db/driver.js';
import { depositAmountError, inBankMaintenance, withdrawalAmountError, type AmountOptions } from './cashRules.js';
import { runMoney, systemAccounts, type MoneyResult, type MoneyTx } from './ledger.js';
import { payDepositEvent } from './depositEvents.js';
import { callOf, type Actor } from './transfers.js';

export interface CashRequestOptions extends AmountOptions {
  withdrawWaitMinutes: number;
  /** attempt limit of the withdrawal password (server configuration) */
  outPass?: OutPassLimit;
}
export interface RequestAnswer {
  cashIdx: number;
  cashStatus: number;
}

const OPEN = [cashStatus.applied, cashStatus.waiting];

async function openRequest(m: MoneyTx, memberId: number, type: number) {
  return m.trx
    .selectFrom('cash_request')
    .select('id')
    .where('member_id', '=', memberId)
    .where('cash_type', '=', type)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
}

async function insertRequest(m: MoneyTx, memberId: number, type: number, amount: number) {
  const { id } = await m.trx
    .insertInto('cash_request')
    .values({ site_id: m.siteId, member_id: memberId, cash_type: type, amount, request_key: m.requestKey, created_at: m.at, updated_at: m.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A player asks for a deposit; nothing moves until the operator approves it. */
export async function requestDeposit(db: Db, actor: Actor, amount: number | undefined, o: CashRequestOptions): Promise<MoneyResult<RequestAnswer>> {
  const pre = async () => {
    const bad = depositAmountError(amount, o);
    if (bad) throw new ApiError(bad);
  };
  return runMoney(db, callOf(actor), async (m) => {
    await m.lock([actor.id]);
    if (m.account(actor.id).status === 'SUSPENDED') throw new ApiError('U0011');
    if (await openRequest(m, actor.id, cashTypes.deposit)) throw new ApiError('C003');
    return { cashIdx: await insertRequest(m, actor.id, cashTypes.deposit, amount!), cashStatus: cashStatus.applied };
  }, pre);
}

/**
 * A player asks for a withdrawal: checked in the product's order, then the amount is held at once
 * (member -> hold, type -1) and returned if the request is cancelled or rejected.
 */
export async function requestWithdrawal(
  db: Db,
  actor: Actor,
  p: { amount?: number; cashOutPass?: string | null },
  o: CashRequestOptions,
): Promise<MoneyResult<RequestAnswer>> {
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

/** The withdrawal's transaction once the password and amount rules passed: re-checked under the member's lock. */
export async function holdWithdrawal(
  db: Db,
  actor: Actor,
  amount: number,
  o: CashRequestOptions,
  pre?: () => Promise<void>,
): Promise<MoneyResult<RequestAnswer>> {
  const { hold } = await systemAccounts(db, actor.siteId);
  return runMoney(db, callOf(actor), async (m) => {
    await m.lock([actor.id, hold]);
    const acc = m.account(actor.id);
    if (acc.status === 'SUSPENDED') throw new ApiError('U0011');
    if (acc.outAmtYn !== 'Y') throw new ApiError('C203');
    if (acc.cash < amount) throw new ApiError('C202');
    if (await openRequest(m, actor.id, cashTypes.withdrawal)) throw new ApiError('C209');
    if (o.withdrawWaitMinutes > 0) {
      const since = new Date(actor.at.getTime() - o.withdrawWaitMinutes * 60_000);
      const recent = await m.trx
        .selectFrom('cash_request')
        .select('id')
        .where('member_id', '=', actor.id)
        .where('cash_type', '=', cashTypes.withdrawal)
        .where('created_at', '>', since)
        .executeTakeFirst();
      if (recent) throw new ApiError('C216');
    }
    const id = await insertRequest(m, actor.id, cashTypes.withdrawal, amount);
    m.transfer({ kind: 'cash', from: actor.id, to: hold, amount: amount, fromType: cashTypes.withdrawal, toType: cashTypes.withdrawal, short: 'C202', cashRequestId: id, memo: 'withdrawal applied' });
    return { cashIdx: id, cashStatus: cashStatus.applied };
  }, pre);
}

async function lockRequest(m: MoneyTx, cashIdx: number | undefined, memberId?: number) {
  let q = m.trx.selectFrom('cash_request').selectAll().where('id', '=', cashIdx ?? 0).where('site_id', '=', m.siteId);
  if (memberId !== undefined) q = q.where('member_id', '=', memberId);
  const r = await q.forUpdate().executeTakeFirst();
  if (!r) throw new ApiError('C099', 'Request not found');
  return r;
}

async function setStatus(m: MoneyTx, id: number, status: number, by: number) {
  await m.trx.updateTable('cash_request').set({ status, processed_by: by, updated_at: m.at }).where('id', '=', id).execute();
}

/** Gives a held withdrawal back to its member (cancel or reject): a -1 reversal from the hold account. */
async function releaseHold(m: MoneyTx, r: { id: number; member_id: number; amount: number }, hold: number, memo: string) {
  await m.lock([r.member_id, hold]);
  m.transfer({ kind: 'cash', from: hold, to: r.member_id, amount: r.amount, fromType: cashTypes.withdrawal, toType: cashTypes.withdrawal, short: 'E001', cashRequestId: r.id, memo });
}

/** The player cancels an own request still in the applied state; a held withdrawal comes back. */
export async function cancelRequest(db: Db, actor: Actor, cashIdx: number | undefined): Promise<MoneyResult<RequestAnswer>> {
  const { hold } = await systemAccounts(db, actor.siteId);
  return runMoney(db, callOf(actor), async (m) => {
    const r = await lockRequest(m, cashIdx, actor.id);
    if (r.status !== cashStatus.applied) throw new ApiError('T999');
    if (r.cash_type === cashTypes.withdrawal) await releaseHold(m, r, hold, 'withdrawal cancelled');
    await setStatus(m, r.id, cashStatus.cancelled, actor.id);
    return { cashIdx: r.id, cashStatus: cashStatus.cancelled };
  });
}

/**
 * The operator moves a request along 0 -> 2 -> 1 | -1 (anything else T999). Approving a deposit
 * credits it from the house; approving a withdrawal sends the held amount out (hold -> house);
 * rejecting a withdrawal returns it to the member.
 */
export async function processRequest(db: Db, actor: Actor, cashIdx: number | undefined, next: number): Promise<MoneyResult<RequestAnswer>> {
  const { house, hold } = await systemAccounts(db, actor.siteId);
  return runMoney(db, callOf(actor), async (m) => {
    const r = await lockRequest(m, cashIdx);
    const allowed =
      (r.status === cashStatus.applied && next === cashStatus.waiting) ||
      (r.status === cashStatus.waiting && (next === cashStatus.complete || next === cashStatus.cancelled));
    if (!allowed) throw new ApiError('T999');
    if (next === cashStatus.complete && r.cash_type === cashTypes.deposit) {
      await m.lock([r.member_id, house]);
      m.transfer({ kind: 'cash', from: house, to: r.member_id, amount: r.amount, fromType: cashTypes.deposit, toType: cashTypes.deposit, short: 'E001', cashRequestId: r.id, memo: 'deposit approved' });
      await payDepositEvent(m, r, house);
    } else if (next === cashStatus.complete && r.cash_type === cashTypes.withdrawal) {
      await m.lock([hold, house]);
      m.transfer({ kind: 'cash', from: hold, to: house, amount: r.amount, fromType: cashTypes.withdrawal, toType: cashTypes.withdrawal, short: 'E001', cashRequestId: r.id, memo: 'withdrawal paid out' });
    } else if (next === cashStatus.cancelled && r.cash_type === cashTypes.withdrawal) {
      await releaseHold(m, r, hold, 'withdrawal rejected');
    }
    await setStatus(m, r.id, next, actor.id);
    return { cashIdx: r.id, cashStatus: next };
  });
}
