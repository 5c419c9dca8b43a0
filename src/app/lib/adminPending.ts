import type { AdminPending } from '../../contract/admin';
import type { LiveEvent } from '../../contract/enums';
import type { QueryClient } from '@tanstack/react-query';
import { siteKey, userKey } from './queryClient';

/** The operator home's one query; the live handler below writes its pending counts. */
export const adminDashboardKey = (prefix: string, me: string) => userKey(prefix, me, 'admin', 'dashboard');

/** The queue screens an ADMIN_PENDING kind refreshes (their keys as their features build them). */
const queueKeys = (prefix: string, me: string): Record<string, readonly unknown[]> => ({
  cash: userKey(prefix, me, 'adminCash', 'queue'),
  qna: siteKey(prefix, 'admin', 'board', 'faq'),
  partnerRequests: userKey(prefix, me, 'admin', 'partnerRequests'),
});

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** data2 as the contract's adminPending shape (the app ships no zod), or null when it is not. */
export function readCounts(data2: unknown): AdminPending | null {
  try {
    const v = JSON.parse(String(data2)) as AdminPending;
    const c = v?.cash;
    return c && [c.applied, c.waiting, c.deposits, c.withdrawals, c.appliedIn, c.appliedOut, c.waitingIn, c.waitingOut, v.qna, v.partnerRequests].every(isCount) ? v : null;
  } catch {
    return null;
  }
}

/**
 * ADMIN_PENDING: the tiles take the pushed counts at once; the home's figures and the open queue
 * screen of that kind refetch (an approval also moves today's deposits).
 */
export function applyAdminPending(queryClient: QueryClient, prefix: string, me: string, e: LiveEvent) {
  const counts = readCounts(e.data2);
  const key = adminDashboardKey(prefix, me);
  if (counts) queryClient.setQueryData(key, (old: { pending: AdminPending } | undefined) => (old ? { ...old, pending: counts } : old));
  void queryClient.invalidateQueries({ queryKey: key });
  const queue = queueKeys(prefix, me)[String(e.data1)];
  if (queue) void queryClient.invalidateQueries({ queryKey: queue });
}

/** After the live channel (re)opens: the home and every queue screen read their counts again. */
export function resyncAdminPending(queryClient: QueryClient, prefix: string, me: string) {
  void queryClient.invalidateQueries({ queryKey: adminDashboardKey(prefix, me) });
  for (const key of Object.values(queueKeys(prefix, me))) void queryClient.invalidateQueries({ queryKey: key });
}
