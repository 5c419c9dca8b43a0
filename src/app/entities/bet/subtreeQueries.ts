import { queryOptions } from '@tanstack/react-query';
import { betCalls } from '../../../contract/bet';
import type { Api } from '../../lib/api';
import type { BetStatus as ResultType } from '../../../contract/gameConcepts';
import { lastDays, needsOld, wireRange, type DayRange } from '../../lib/dayRange';
import { userKey } from '../../lib/queryClient';

const key = (prefix: string, me: string, ...rest: unknown[]) => userKey(prefix, me, 'betting', ...rest);
const oldYnOf = (r: DayRange, old: boolean) => (old || needsOld(r) ? ('Y' as const) : ('N' as const));

export type SearchType = 'memId' | 'memNick' | 'recommenderId';
export const betOrders = ['regDate:desc', 'regDate:asc', 'betAmt:desc', 'betAmt:asc', 'betWinAmt:desc', 'betWinAmt:asc'] as const;
export type BetOrder = (typeof betOrders)[number];

export interface BetFilter {
  range: DayRange;
  old: boolean;
  category: string;
  vendor: string;
  result: '' | ResultType;
  searchType: SearchType;
  word: string;
  order: BetOrder;
  page: number;
}

/** History screens start 7 days back; the query parameter id pre-fills the member id search. */
export const defaultBetFilter = (id?: string): BetFilter => ({
  range: lastDays(7),
  old: false,
  category: 'casino',
  vendor: '',
  result: '',
  searchType: 'memId',
  word: id ?? '',
  order: 'regDate:desc',
  page: 1,
});

/** Casino, slot and mini-game bets of the caller's subtree, 40 a page. */
export const betListQueryOptions = (api: Api, prefix: string, me: string, f: BetFilter) =>
  queryOptions({
    queryKey: key(prefix, me, 'list', f),
    queryFn: () => {
      const [orderColumn, orderType] = f.order.split(':') as ['regDate' | 'betAmt' | 'betWinAmt', 'asc' | 'desc'];
      return api(betCalls.betList, {
        gameCategory: f.category,
        vendorCode: f.vendor || undefined,
        resultType: f.result || undefined,
        searchType: f.word ? f.searchType : undefined,
        searchValue: f.word || undefined,
        ...wireRange(f.range),
        oldYn: oldYnOf(f.range, f.old),
        offset: -1,
        page: f.page,
        count_per_list: 40,
        orderColumn,
        orderType,
      });
    },
  });

export const sportOrders = ['betAmt', 'betWinAmt', 'betDate', 'eventDate'] as const;
export type SportOrder = `${(typeof sportOrders)[number]}:${'desc' | 'asc'}`;

export interface SportFilter {
  range: DayRange;
  old: boolean;
  result: '' | ResultType;
  searchType: SearchType;
  word: string;
  order: SportOrder;
  page: number;
}

export const defaultSportFilter = (): SportFilter => ({
  range: lastDays(7),
  old: false,
  result: '',
  searchType: 'memId',
  word: '',
  order: 'betDate:desc',
  page: 1,
});

/** Sports bets of the subtree, one row per leg, 100 bets a page. */
export const sportListQueryOptions = (api: Api, prefix: string, me: string, f: SportFilter) =>
  queryOptions({
    queryKey: key(prefix, me, 'sport', f),
    queryFn: () => {
      const [orderColumn, orderType] = f.order.split(':') as [(typeof sportOrders)[number], 'asc' | 'desc'];
      return api(betCalls.sportList, {
        resultType: f.result || undefined,
        searchType: f.word ? f.searchType : undefined,
        searchValue: f.word || undefined,
        ...wireRange(f.range),
        oldYn: oldYnOf(f.range, f.old),
        offset: -1,
        page: f.page,
        count_per_list: 100,
        orderColumn,
        orderType,
      });
    },
  });
