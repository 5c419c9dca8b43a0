import { queryOptions } from '@tanstack/react-query';
import { betCalls } from '../../../contract/bet';
import { statsCalls } from '../../../contract/stats';
import type { Api } from '../../lib/api';
import { kstDay, needsOld, wireRange, type DayRange } from '../../lib/dayRange';
import { userKey } from '../../lib/queryClient';

export const key = (prefix: string, me: string, ...rest: unknown[]) => userKey(prefix, me, 'settlement', ...rest);
const oldYnOf = (r: DayRange, old: boolean) => (old || needsOld(r) ? ('Y' as const) : ('N' as const));
const todayYn = (r: DayRange) => (r.end === kstDay(0) ? ('Y' as const) : ('N' as const));

export const todayRange = (): DayRange => ({ start: kstDay(0), end: kstDay(0) });

export interface CalcFilter {
  range: DayRange;
  old: boolean;
  /** whose lower partners (default the caller) */
  memId: string;
  page: number;
  /** 20 a page; sub-partners of an opened row come at once */
  per?: number;
}
export const defaultCalcFilter = (): CalcFilter => ({ range: todayRange(), old: false, memId: '', page: 1 });

/** OUTER: the direct lower partners of memId with their subtree's settlement, 20 a page, and their total. */
export const calcQueryOptions = (api: Api, prefix: string, me: string, f: CalcFilter) =>
  queryOptions({
    queryKey: key(prefix, me, 'outer', f),
    queryFn: () =>
      api(statsCalls.myCalculate, {
        searchType: 'OUTER',
        searchMemId: f.memId || undefined,
        chkTodayYn: todayYn(f.range),
        ...wireRange(f.range),
        offset: -1,
        oldYn: oldYnOf(f.range, f.old),
        page: f.page,
        count_per_list: f.per ?? 20,
      }),
  });

export const userOrders = ['BET_DESC', 'BET_ASC', 'WIN_DESC', 'WIN_ASC', 'ID_ASC'] as const;
export type UserOrder = (typeof userOrders)[number];
export interface UserCalcFilter {
  range: DayRange;
  old: boolean;
  searchType: 'memId' | 'recommenderId';
  word: string;
  order: UserOrder;
  page: number;
}
export const defaultUserCalcFilter = (): UserCalcFilter => ({ range: todayRange(), old: false, searchType: 'memId', word: '', order: 'BET_DESC', page: 1 });

/** Settlement per player of the caller's subtree. */
export const userCalcQueryOptions = (api: Api, prefix: string, me: string, f: UserCalcFilter) =>
  queryOptions({
    queryKey: key(prefix, me, 'user', f),
    queryFn: () =>
      api(statsCalls.reportByUser, {
        ...(f.word ? (f.searchType === 'memId' ? { searchMemId: f.word } : { searchRecommandId: f.word }) : {}),
        orderStr: f.order,
        chkTodayYn: todayYn(f.range),
        ...wireRange(f.range),
        offset: -1,
        oldYn: oldYnOf(f.range, f.old),
        page: f.page,
        count_per_list: 20,
      }),
  });

export interface BottomBetFilter {
  memId: string;
  range: DayRange;
  old: boolean;
  category: string;
  vendor: string;
  page: number;
}

/** The members' bet list under a settlement row, 10 a page. */
export const bottomBetQueryOptions = (api: Api, prefix: string, me: string, f: BottomBetFilter) =>
  queryOptions({
    queryKey: key(prefix, me, 'bottomBets', f),
    queryFn: () =>
      api(betCalls.bottomBetList, {
        memId: f.memId,
        gameCategory: f.category || undefined,
        vendorCode: f.vendor || undefined,
        ...wireRange(f.range),
        oldYn: oldYnOf(f.range, f.old),
        page: f.page,
        count_per_list: 10,
      }),
  });
