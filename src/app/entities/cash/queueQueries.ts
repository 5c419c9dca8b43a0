import { queryOptions } from '@tanstack/react-query';
import { adminCalls, adminSecurityCalls } from '../../../contract/admin';
import type { Api } from '../../lib/api';
import { lastDays, wireRange, type DayRange } from '../../lib/dayRange';
import { userKey } from '../../lib/queryClient';

export interface QueueFilter {
  /** 'open': applied or waiting (the queue's default); null: every status */
  status: number | 'open' | null;
  order: 'asc' | 'desc';
  type: number | null;
  memId: string;
  range: DayRange;
  page: number;
}

/** What waits, newest first; a tile may open one status. */
export const defaultQueueFilter = (status?: number | null): QueueFilter => ({ status: status ?? 'open', order: 'desc', type: null, memId: '', range: lastDays(7), page: 1 });

/** Open requests wait whatever their date: the day range only narrows finished ones. */
export const isOpen = (status: QueueFilter['status']) => status === 'open' || status === 0 || status === 2;

/** The site's cash requests; the queue refreshes itself while open. */
export const cashQueueQueryOptions = (api: Api, prefix: string, me: string, f: QueueFilter) =>
  queryOptions({
    queryKey: userKey(prefix, me, 'adminCash', 'queue', f),
    queryFn: () =>
      api(adminCalls.cashList, {
        cashStatus: typeof f.status === 'number' ? f.status : undefined,
        openYn: f.status === 'open' ? 'Y' : undefined,
        order: f.order,
        cashType: f.type ?? undefined,
        memId: f.memId || undefined,
        ...(isOpen(f.status) ? {} : wireRange(f.range)),
        page: f.page,
        count_per_list: 40,
      }),
    refetchInterval: 15_000,
  });

/** Ledger health: the balances rebuilt from entries against the stored ones. */
export const ledgerQueryOptions = (api: Api, prefix: string, me: string) =>
  queryOptions({
    queryKey: userKey(prefix, me, 'adminCash', 'ledger'),
    queryFn: () => api(adminCalls.ledgerCheck, {}),
    staleTime: 0,
  });

/** One member's lock state and balances (the member screen's lookup; a lock change refetches it). */
export const memberStateQueryOptions = (api: Api, prefix: string, me: string, memId: string) =>
  queryOptions({
    queryKey: userKey(prefix, me, 'adminCash', 'member', memId),
    queryFn: () => api(adminSecurityCalls.memberState, { memId }),
    staleTime: 0,
    retry: false,
  });
