import { queryOptions } from '@tanstack/react-query';
import type { StatType } from '../../../contract/gameConcepts';
import { statsCalls } from '../../../contract/stats';
import type { Api } from '../../lib/api';
import { kstDay, lastDays, wireRange, type DayRange } from '../../lib/dayRange';
import { userKey } from '../../lib/queryClient';

const key = (prefix: string, me: string, ...rest: unknown[]) => userKey(prefix, me, 'statistics', ...rest);

export type { StatType };
export const today = (): DayRange => ({ start: kstDay(0), end: kstDay(0) });

/** Betting status of a partner (default the caller): its own row, its direct children's and their sum. */
export const betStatisticsQueryOptions = (api: Api, prefix: string, me: string, statType: StatType, memId: string | null, range: DayRange) =>
  queryOptions({
    queryKey: key(prefix, me, 'betStatistics', statType, memId ?? me, range),
    queryFn: () => api(statsCalls.betStatistics, { memId: memId ?? undefined, statType, ...wireRange(range) }),
  });

export const defaultDailyRange = () => lastDays(13);

/** Per KST day: deposits, withdrawals, bets and wins of the caller's subtree. */
export const dailyBettingQueryOptions = (api: Api, prefix: string, me: string, range: DayRange) =>
  queryOptions({ queryKey: key(prefix, me, 'daily', range), queryFn: () => api(statsCalls.dailyBetting, wireRange(range)) });

export interface StatsFilter {
  range: DayRange;
  page: number;
  memId: string;
}
export const defaultStatsFilter = (): StatsFilter => ({ range: lastDays(7), page: 1, memId: '' });

type StatsCall = 'allUsers' | 'allGames' | 'dateAgent' | 'dateUsers' | 'dateGames';

/** The statistics screens' calls: one KST range, 40 rows a page. */
export const statsQueryOptions = <C extends StatsCall>(api: Api, prefix: string, me: string, call: C, f: StatsFilter) =>
  queryOptions({
    queryKey: key(prefix, me, call, f),
    queryFn: () =>
      api(statsCalls[call] as (typeof statsCalls)[C], { ...wireRange(f.range), page: f.page, count_per_list: 40, ...(f.memId ? { searchMemId: f.memId } : {}) } as never),
  });
