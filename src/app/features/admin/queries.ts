import { queryOptions } from '@tanstack/react-query';
import { adminCalls } from '../../../contract/admin';
import { api } from '../../lib/api';
import { adminDashboardKey } from '../../lib/adminPending';

/** The operator home: one call; pending counts are kept live by ADMIN_PENDING. */
export const dashboardQueryOptions = (prefix: string, me: string) =>
  queryOptions({
    queryKey: adminDashboardKey(prefix, me),
    queryFn: () => api(adminCalls.dashboard, {}),
    staleTime: 10_000,
    // members online and today's figures move without events: a slow refresh while open
    refetchInterval: 60_000,
  });
