import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { partnerCalls } from '../../../contract/partner';
import type { Api } from '../../lib/api';
import { lastDays, wireRange, type DayRange } from '../../lib/dayRange';
import { userKey } from '../../lib/queryClient';
import { mainNoticesQueryOptions } from '../site/siteContent';
import { earlyAnswer } from '../../lib/earlyAnswers';
import { firstPaint } from '../../lib/firstPaint';

const key = (prefix: string, me: string, ...rest: unknown[]) => userKey(prefix, me, 'partner', 'main', ...rest);

export const todayRange = () => lastDays(0);

export const statisticsQueryOptions = (api: Api, prefix: string, me: string) =>
  queryOptions({ queryKey: key(prefix, me, 'statistics'), queryFn: () => api(partnerCalls.statistics, {}) });

export const topInfoQueryOptions = (api: Api, prefix: string, me: string) => queryOptions({ queryKey: key(prefix, me, 'topInfo'), queryFn: () => api(partnerCalls.topInfo, {}) });

/** Today is asked with no dates: the server's own today, and the same body the page's HTML sends (earlyData). */
const reportBody = (range: DayRange) => (range.start === range.end && range.end === todayRange().end ? {} : wireRange(range));

export const cashReportQueryOptions = (api: Api, prefix: string, me: string, range: DayRange) =>
  queryOptions({ queryKey: key(prefix, me, 'cashReport', range), queryFn: () => api(partnerCalls.cashReport, reportBody(range)) });

export const myCashReportQueryOptions = (api: Api, prefix: string, me: string, range: DayRange) =>
  queryOptions({ queryKey: key(prefix, me, 'myCashReport', range), queryFn: () => api(partnerCalls.myCashReport, reportBody(range)) });

/** The summary cards' seven-day trend, one call. */
export const weekTrendQueryOptions = (api: Api, prefix: string, me: string) =>
  queryOptions({ queryKey: key(prefix, me, 'weekTrend'), queryFn: () => api(partnerCalls.weekTrend, {}) });

export const newPayLogQueryOptions = (api: Api, prefix: string, me: string) =>
  queryOptions({ queryKey: key(prefix, me, 'newPayLog'), queryFn: () => api(partnerCalls.newPayLog, {}) });

/**
 * Everything the dashboard shows, asked for at once: today's figures, then the week's trend, the
 * latest gives and retrieves and notices, each started in a task of its own (a request costs a few
 * milliseconds of a slow phone's main thread), so that starting them never lengthens the shell's
 * first render, nor any later task, into a long task. When the page's HTML already asked for them
 * (earlyData), the answers are on their way or in: the dashboard waits for them and paints once,
 * whole, rather than a frame of dashes and then a render per answer. When that request came back
 * empty (offline) and the figures last seen are kept, those paint at once, not after the same calls
 * have been asked again and failed too.
 */
export function prefetchDashboard(api: Api, client: QueryClient, prefix: string, me: string): Promise<unknown> | undefined {
  const today = todayRange();
  const all = [
    () => client.prefetchQuery(statisticsQueryOptions(api, prefix, me)),
    () => client.prefetchQuery(topInfoQueryOptions(api, prefix, me)),
    () => client.prefetchQuery(cashReportQueryOptions(api, prefix, me, today)),
    () => client.prefetchQuery(myCashReportQueryOptions(api, prefix, me, today)),
    () => client.prefetchQuery(weekTrendQueryOptions(api, prefix, me)),
    () => client.prefetchQuery(newPayLogQueryOptions(api, prefix, me)),
    () => client.prefetchQuery(mainNoticesQueryOptions(api, prefix, me)),
  ];
  const spread = () => {
    for (const start of all.slice(0, 4)) void start();
    for (const start of all.slice(4)) setTimeout(() => void start());
    return undefined;
  };
  const early = earlyAnswer(partnerCalls.statistics.path);
  if (!early) return spread();
  return early.then((answer) => {
    if (answer !== null || client.getQueryData(statisticsQueryOptions(api, prefix, me).queryKey) === undefined) return Promise.all(all.map((start) => start()));
    // asked again once the kept figures are on screen (the cards' own queries ask when they mount)
    void firstPaint.then(spread);
    return undefined;
  });
}
