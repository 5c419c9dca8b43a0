import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { betCalls } from '../../../contract/bet';
import { gameCalls } from '../../../contract/game';
import type { Api } from '../../lib/api';
import { lastDays, needsOld, wireRange, type DayRange } from '../../lib/dayRange';
import { siteKey, userKey } from '../../lib/queryClient';

export interface BetFilter {
  category: string;
  vendor: string;
  range: DayRange;
  page: number;
}

/** The history opens on the last 7 days, as the seed's history screens do. */
export const defaultBetFilter = (): BetFilter => ({ category: '', vendor: '', range: lastDays(7), page: 1 });

/** Own bets, 10 a page; older than 5 days only searched when the range reaches back (oldYn). */
export const betListQueryOptions = (api: Api, prefix: string, memId: string, f: BetFilter) =>
  queryOptions({
    queryKey: userKey(prefix, memId, 'bets', f),
    placeholderData: keepPreviousData,
    queryFn: () => api(betCalls.betlist, { groupKey: f.category, vendorCode: f.vendor, ...wireRange(f.range), page: f.page, oldYn: needsOld(f.range) ? 'Y' : 'N' }),
  });

/** Vendors per category, for the filter. */
export const vendorGroupsQueryOptions = (api: Api, prefix: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'games', 'groups'),
    staleTime: 5 * 60_000,
    queryFn: () => api(gameCalls.gameGroupCodes, {}).then((r) => r.list),
  });
