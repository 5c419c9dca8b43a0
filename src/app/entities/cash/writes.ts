import { cashCalls } from '../../../contract/cash';
import type { ResOf } from '../../../contract/define';
import { pointCalls } from '../../../contract/point';
import { useApi } from '../../lib/useApi';
import { useWrite, type ScreenPart } from '../../lib/write/useWrite';

/**
 * The player's money writes: each call with its request id kept across retries (`sig`), refused
 * offline in the money wording, and the result codes that concern the amount (or the PIN) beside it.
 */
export function useDeposit(memId: string, screen: ScreenPart<number, ResOf<typeof cashCalls.deposit>, 'amount'>) {
  const api = useApi();
  return useWrite<number, ResOf<typeof cashCalls.deposit>, 'amount'>({
    money: true,
    say: 'inline',
    fields: { C002: 'amount', C101: 'amount', C102: 'amount', C103: 'amount' },
    sig: (v) => `deposit:${v}`,
    run: (v, requestId) => api(cashCalls.deposit, { memId, cashType: 1, cashStatus: 'in', cashAmt: v, requestId }),
    ...screen,
  });
}

export interface WithdrawVars {
  value: number;
  pass: string;
}

export function useWithdraw(memId: string, screen: ScreenPart<WithdrawVars, ResOf<typeof cashCalls.withdraw>, 'amount' | 'pass'>) {
  const api = useApi();
  return useWrite<WithdrawVars, ResOf<typeof cashCalls.withdraw>, 'amount' | 'pass'>({
    money: true,
    say: 'inline',
    fields: { C206: 'amount', C202: 'amount', C214: 'amount', C215: 'amount', C008: 'pass', C010: 'pass', C011: 'pass' },
    sig: (v) => `withdraw:${v.value}:${v.pass}`,
    run: (v, requestId) => api(cashCalls.withdraw, { memId, cashType: -1, cashStatus: 'out', cashAmt: v.value, cashOutPass: v.pass, requestId }),
    ...screen,
  });
}

export function usePointConvert(screen: ScreenPart<number, ResOf<typeof pointCalls.convert>, 'amount'>) {
  const api = useApi();
  return useWrite<number, ResOf<typeof pointCalls.convert>, 'amount'>({
    money: true,
    say: 'inline',
    fields: { P001: 'amount', P002: 'amount', P003: 'amount', P004: 'amount' },
    sig: (v) => `convert:${v}`,
    run: (v, requestId) => api(pointCalls.convert, { pointAmt: v, requestId }),
    ...screen,
  });
}
