import { bankHours } from '../../../contract/cash.js';
import type { ResultCode } from '../../../contract/codes.js';
import { kstMinuteOfDay } from '../common/time.js';

export interface AmountOptions {
  depositMin: number;
  depositMax: number;
  depositUnit: number;
  withdrawMin: number;
  withdrawUnit: number;
}

/** Deposit amount checks in the product's order: empty, above the per-request maximum, below the minimum, unit. */
export function depositAmountError(amount: number | undefined, o: AmountOptions): ResultCode | null {
  if (!amount) return 'C002';
  if (amount > o.depositMax) return 'C101';
  if (amount < o.depositMin) return 'C102';
  if (o.depositUnit > 1 && amount % o.depositUnit !== 0) return 'C103';
  return null;
}

/** Withdrawal amount checks against the options: below the minimum, unit. */
export function withdrawalAmountError(amount: number, o: AmountOptions): ResultCode | null {
  if (amount < o.withdrawMin) return 'C214';
  if (o.withdrawUnit > 1 && amount % o.withdrawUnit !== 0) return 'C215';
  return null;
}

const minuteOf = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));
const MAINT_START = minuteOf(bankHours.start);
const MAINT_END = minuteOf(bankHours.end);

/** Bank maintenance (the contract's hours, Korea time), whatever the server's zone. */
export function inBankMaintenance(now: Date): boolean {
  const m = kstMinuteOfDay(now);
  return m >= MAINT_START || m < MAINT_END;
}
