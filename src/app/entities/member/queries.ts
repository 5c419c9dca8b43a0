import { queryOptions } from '@tanstack/react-query';
import { messageCalls } from '../../../contract/message';
import { partnerCalls } from '../../../contract/partner';
import { retailCalls } from '../../../contract/retail';
import type { Api } from '../../lib/api';
import { wireRange, type DayRange } from '../../lib/dayRange';
import { userKey } from '../../lib/queryClient';

const key = (prefix: string, me: string, memId: string, ...rest: unknown[]) => userKey(prefix, me, 'partner', 'detail', memId, ...rest);

export const detailInfoQueryOptions = (api: Api, prefix: string, me: string, memId: string) =>
  queryOptions({ queryKey: key(prefix, me, memId, 'info'), queryFn: () => api(partnerCalls.detailInfo, { memId }) });

export const loginLogQueryOptions = (api: Api, prefix: string, me: string, memId: string, page: number) =>
  queryOptions({ queryKey: key(prefix, me, memId, 'login', page), queryFn: () => api(partnerCalls.loginLog, { memId, page }) });

export const msgLogQueryOptions = (api: Api, prefix: string, me: string, memId: string, page: number) =>
  queryOptions({ queryKey: key(prefix, me, memId, 'notes', page), queryFn: () => api(messageCalls.msgLog, { memId, page }) });

export const cashLogQueryOptions = (api: Api, prefix: string, me: string, memId: string, cashType: string, range: DayRange, page: number) =>
  queryOptions({
    queryKey: key(prefix, me, memId, 'cash', cashType, range, page),
    queryFn: () => api(retailCalls.cashLog, { memId, cashType: cashType || undefined, ...wireRange(range), page }),
  });

export const rollingLogQueryOptions = (api: Api, prefix: string, me: string, memId: string, range: DayRange, page: number) =>
  queryOptions({ queryKey: key(prefix, me, memId, 'rolling', range, page), queryFn: () => api(partnerCalls.rollingLogNew, { memId, ...wireRange(range), page }) });

export const playGameQueryOptions = (api: Api, prefix: string, me: string, memId: string, range: DayRange, page: number) =>
  queryOptions({ queryKey: key(prefix, me, memId, 'games', range, page), queryFn: () => api(partnerCalls.playGameList, { memId, ...wireRange(range), page }) });

export const betListQueryOptions = (api: Api, prefix: string, me: string, memId: string, minWin: string, range: DayRange, page: number) =>
  queryOptions({
    queryKey: key(prefix, me, memId, 'bets', minWin, range, page),
    queryFn: () => api(partnerCalls.betListNew, { memId, searchValue: minWin || undefined, ...wireRange(range), page }),
  });

/** A member's balances and open cash requests, as one who answers it needs them at hand. */
export const detailContextQueryOptions = (api: Api, prefix: string, me: string, memId: string) =>
  queryOptions({ queryKey: key(prefix, me, memId, 'context'), queryFn: () => api(partnerCalls.detailContext, { memId }) });
