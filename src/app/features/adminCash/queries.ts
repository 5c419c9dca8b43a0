import { queryOptions } from '@tanstack/react-query';
import { adminCalls } from '../../../contract/admin';
import { api } from '../../lib/api';
import { lastDays, wireRange, type DayRange } from '../../lib/dayRange';
import { userKey } from '../../lib/queryClient';

export interface QueueFilter {
  status: number | null;
  type: number | null;
  memId: string;
  range: DayRange;
  page: number;
}

export const defaultQueueFilter = (status: number | null = null): QueueFilter => ({ status: status ?? null, type: null, memId: '', range: lastDays(7), page: 1 });

/** The site's cash requests; the queue refreshes itself while open. */
export const cashQueueQueryOptions = (prefix: string, me: string, f: QueueFilter) =>
  queryOptions({
    queryKey: userKey(prefix, me, 'adminCash', 'queue', f),
    queryFn: () =>
      api(adminCalls.cashList, {
        cashStatus: f.status ?? undefined, cashType: f.type ?? undefined, memId: f.memId || undefined,
        ...wireRange(f.range), page: f.page, count_per_list: 40,
      }),
    refetchInterval: 15_000,
  });

/** Ledger health: the balances rebuilt from entries against the stored ones. */
export const ledgerQueryOptions = (prefix: string, me: string) =>
  queryOptions({
    queryKey: userKey(prefix, me, 'adminCash', 'ledger'),
    queryFn: () => api(adminCalls.ledgerCheck, {}),
    staleTime: 0,
  });
