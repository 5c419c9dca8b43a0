import { useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { isApiError, isOffline } from './api';
import { apiMessage } from './apiMessage';
import { alert, withLoading } from './dialogs';
import { queryClient, userKey } from './queryClient';
import { saveSession, session } from './session/store';

/** One id per user action; plain http on a LAN has no randomUUID. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const isOnline = () => session.online && (typeof navigator === 'undefined' || navigator.onLine !== false);

/** Money is never queued: offline, the action is refused at once. */
export async function refuseMoneyOffline(): Promise<boolean> {
  if (isOnline()) return false;
  await alert(t`오프라인 상태에서는 머니 요청을 처리할 수 없습니다. 연결을 확인한 뒤 다시 시도해 주세요.`);
  return true;
}

/** C099 carries the server's own words; every other code its translated `api.{code}` text. */
export const moneyErrorMessage = (err: unknown) => (isApiError(err, 'C099') ? err.message : apiMessage(err));

/** Balances the server answered with, shown at once in every header. */
export function applyBalance(cashAmt: number, pointAmt: number) {
  if (!session.member) return;
  session.member.cashAmt = cashAmt;
  session.member.pointAmt = pointAmt;
  session.syncedAt = Date.now();
  saveSession();
}

/** After a money action every list of the user may have changed. */
export function refreshMine() {
  const { site, member } = session;
  if (site && member) void queryClient.invalidateQueries({ queryKey: userKey(site.prefix, member.memId) });
}

/**
 * Runs money actions one at a time: refused offline, a processing flag against double submits,
 * failures alerted. `sig` names the action and its inputs: a retry after a lost answer keeps the
 * request id, so the server replays the first result instead of moving money twice.
 */
export function useMoneyAction() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const last = useRef<{ sig: string; id: string } | null>(null);

  async function run<R>(sig: string, work: (requestId: string) => Promise<R>): Promise<R | undefined> {
    if (running.current) return undefined;
    if (await refuseMoneyOffline()) return undefined;
    const id = last.current?.sig === sig ? last.current.id : newRequestId();
    last.current = { sig, id };
    running.current = true;
    setBusy(true);
    try {
      const out = await withLoading(work(id));
      last.current = null;
      return out;
    } catch (err) {
      if (!isOffline(err)) last.current = null;
      await alert(moneyErrorMessage(err));
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }
  return { busy, run };
}
