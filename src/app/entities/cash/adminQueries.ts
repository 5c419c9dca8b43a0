import { queryOptions } from '@tanstack/react-query';
import { adminCalls, type AdminPending } from '../../../contract/admin';
import { adminDashboardKey } from '../../lib/adminPending';
import { userKey } from '../../lib/queryClient';
import type { Api } from '../../lib/api';

/**
 * Cash requests the operator still has to settle: applied and waiting alike. The home card, the
 * bar's badge and the queue's header all say this number, read from the home's one query.
 */
export const cashWaiting = (p: AdminPending) => ({
  total: p.cash.applied + p.cash.waiting,
  deposits: p.cash.appliedIn + p.cash.waitingIn,
  withdrawals: p.cash.appliedOut + p.cash.waitingOut,
});

/** The operator home: one call; pending counts are kept live by ADMIN_PENDING. */
export const dashboardQueryOptions = (api: Api, prefix: string, me: string) =>
  queryOptions({
    queryKey: adminDashboardKey(prefix, me),
    queryFn: () => api(adminCalls.dashboard, {}),
    staleTime: 10_000,
    // members online and today's figures move without events: a slow refresh while open
    refetchInterval: 60_000,
  });

/** The first-day checklist: refetched whenever the site's data changes under the operator (any write invalidates the site). */
export const firstDayQueryOptions = (api: Api, prefix: string, me: string) =>
  queryOptions({ queryKey: userKey(prefix, me, 'admin', 'firstDay'), queryFn: () => api(adminCalls.firstDay, {}), staleTime: 10_000 });
