import { queryOptions } from '@tanstack/react-query';
import { cashCalls } from '../../../contract/cash';
import { pointCalls } from '../../../contract/point';
import type { Api } from '../../lib/api';
import { lastDays, wireRange, type DayRange } from '../../lib/dayRange';
import { userKey } from '../../lib/queryClient';
import type { Clients } from '../../lib/routerContext';

/** Own deposit (1) or withdrawal (-1) requests; the server's default window (2 days back). */
export const cashRequestsQueryOptions = (api: Api, prefix: string, memId: string, cashType: 1 | -1, page = 1) =>
  queryOptions({
    queryKey: userKey(prefix, memId, 'cash', 'requests', cashType, page),
    queryFn: () => api(cashCalls.list, { cashType, page }),
    // an approved withdrawal moves no balance, so no push tells the screen
    refetchInterval: 30_000,
  });

/** The cash movements filter starts at the last 7 days, as the server's default. */
export const defaultMoveRange = () => lastDays(7);

/** Own cash movements over whole Korea-time days (the ledger's rows, newest first). */
export const cashMovesQueryOptions = (api: Api, prefix: string, memId: string, range: DayRange, page = 1) =>
  queryOptions({
    queryKey: userKey(prefix, memId, 'cash', 'moves', range, page),
    queryFn: () => api(cashCalls.moves, { page, ...wireRange(range) }),
  });

/** The accrued-points filter starts at the last 7 days. */
export const defaultPointRange = () => lastDays(7);

/** Accrued points ('in') or conversions ('out') over whole Korea-time days. */
export const pointListQueryOptions = (api: Api, prefix: string, memId: string, pointType: 'in' | 'out', range: DayRange | null, page = 1) =>
  queryOptions({
    queryKey: userKey(prefix, memId, 'cash', 'points', pointType, range, page),
    queryFn: () => api(pointCalls.list, { pointType, page, ...(range ? wireRange(range) : {}) }),
  });

/** The newest row of the own money history, read from the server: a receipt's reference and time when the answer carries neither. */
export const latestMove = ({ api, queryClient }: Clients, prefix: string, memId: string) =>
  queryClient
    .fetchQuery({ ...cashMovesQueryOptions(api, prefix, memId, defaultMoveRange(), 1), staleTime: 0 })
    .then((d) => d.list[0] ?? null)
    .catch(() => null);
