import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { partnerCalls } from '../../../../contract/partner';
import type { Api } from '../../../lib/api';
import { lastDays, wireRange, type DayRange } from '../../../lib/dayRange';
import { userKey } from '../../../lib/queryClient';
import { mainNoticesQueryOptions } from '../../../entities/site/siteContent';

const key = (prefix: string, me: string, ...rest: unknown[]) => userKey(prefix, me, 'partner', 'main', ...rest);

export const todayRange = () => lastDays(0);

export const statisticsQueryOptions = (api: Api, prefix: string, me: string) =>
  queryOptions({ queryKey: key(prefix, me, 'statistics'), queryFn: () => api(partnerCalls.statistics, {}) });

export const topInfoQueryOptions = (api: Api, prefix: string, me: string) => queryOptions({ queryKey: key(prefix, me, 'topInfo'), queryFn: () => api(partnerCalls.topInfo, {}) });

export const cashReportQueryOptions = (api: Api, prefix: string, me: string, range: DayRange) =>
  queryOptions({ queryKey: key(prefix, me, 'cashReport', range), queryFn: () => api(partnerCalls.cashReport, wireRange(range)) });

export const myCashReportQueryOptions = (api: Api, prefix: string, me: string, range: DayRange) =>
  queryOptions({ queryKey: key(prefix, me, 'myCashReport', range), queryFn: () => api(partnerCalls.myCashReport, wireRange(range)) });

/** The summary cards' seven-day trend, one call. */
export const weekTrendQueryOptions = (api: Api, prefix: string, me: string) =>
  queryOptions({ queryKey: key(prefix, me, 'weekTrend'), queryFn: () => api(partnerCalls.weekTrend, {}) });

export const newPayLogQueryOptions = (api: Api, prefix: string, me: string) =>
  queryOptions({ queryKey: key(prefix, me, 'newPayLog'), queryFn: () => api(partnerCalls.newPayLog, {}) });

/**
 * Everything the dashboard shows, asked for at once but not awaited: today's figures, then the
 * week's trend, the latest gives and retrieves and notices, each started in a task of its own (a
 * request costs a few milliseconds of a slow phone's main thread), so that starting them never
 * lengthens the shell's first render, nor any later task, into a long task.
 */
export function prefetchDashboard(api: Api, client: QueryClient, prefix: string, me: string) {
  const today = todayRange();
  void client.prefetchQuery(statisticsQueryOptions(api, prefix, me));
  void client.prefetchQuery(topInfoQueryOptions(api, prefix, me));
  void client.prefetchQuery(cashReportQueryOptions(api, prefix, me, today));
  void client.prefetchQuery(myCashReportQueryOptions(api, prefix, me, today));
  const later = [
    () => client.prefetchQuery(weekTrendQueryOptions(api, prefix, me)),
    () => client.prefetchQuery(newPayLogQueryOptions(api, prefix, me)),
    () => client.prefetchQuery(mainNoticesQueryOptions(api, prefix, me)),
  ];
  for (const start of later) setTimeout(() => void start());
}
