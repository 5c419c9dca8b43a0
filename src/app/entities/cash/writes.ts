import { adminCalls } from '../../../contract/admin';
import { cashCalls } from '../../../contract/cash';
import type { ResOf } from '../../../contract/define';
import { gameCalls } from '../../../contract/game';
import { pointCalls } from '../../../contract/point';
import { useApi } from '../../lib/useApi';
import { useWrite, type ScreenPart } from '../../lib/write/useWrite';
import { dashboardQueryOptions } from './adminQueries';

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

/** The member cancels its own applied request. */
export function useCancelCashRequest(screen: ScreenPart<{ cashIdx: number }> = {}) {
  const api = useApi();
  return useWrite({
    money: true,
    sig: (row: { cashIdx: number }) => `cancel:${row.cashIdx}`,
    run: (row: { cashIdx: number }, requestId) => api(cashCalls.cancel, { cashIdx: row.cashIdx, requestId }),
    ...screen,
  });
}

type QueueRow = Pick<ResOf<typeof adminCalls.cashList>['list'][number], 'cashIdx' | 'cashStatus'>;
export interface ProcessVars<R extends QueueRow> {
  r: R;
  /** approve (1) or reject (-1) */
  to: 1 | -1;
}

/** The operator approves or rejects a request; the server's order is kept: an applied request goes to waiting first. */
export function useProcessCash<R extends QueueRow>(screen: ScreenPart<ProcessVars<R>, ResOf<typeof adminCalls.cashProcess>>) {
  const api = useApi();
  return useWrite({
    money: true,
    run: async ({ r, to }: ProcessVars<R>, requestId) => {
      // the waiting step has its own request id, replayed on a retry
      if (r.cashStatus === 0) await api(adminCalls.cashProcess, { cashIdx: r.cashIdx, cashStatus: 2, requestId: `${requestId}:2` });
      return api(adminCalls.cashProcess, { cashIdx: r.cashIdx, cashStatus: to, requestId });
    },
    sig: ({ r, to }) => `process:${r.cashIdx}:${to}`,
    ...screen,
  });
}

/** The operator checks the ledger now; the dashboard shows the outcome. */
export function useLedgerCheck(prefix: string, me: string) {
  const api = useApi();
  return useWrite({ run: () => api(adminCalls.ledgerCheck, {}), invalidates: [dashboardQueryOptions(api, prefix, me).queryKey] });
}

/**
 * Every vendor's game money back to cash. `onSend` runs as the call starts (after the offline check
 * and the question): the screen's progress is its own, not the overlay.
 */
export function useGameMoneyToCash(onSend: () => void, screen: ScreenPart<undefined, ResOf<typeof gameCalls.changeMemCashFlag>>) {
  const api = useApi();
  return useWrite({
    money: true,
    overlay: false,
    sig: () => 'game-money',
    run: (_: undefined, requestId) => {
      onSend();
      return api(gameCalls.changeMemCashFlag, { requestId });
    },
    ...screen,
  });
}
