import { queryOptions } from '@tanstack/react-query';
import { partnerCalls } from '../../../../contract/partner';
import { api } from '../../../lib/api';
import { lastDays, wireRange, type DayRange } from '../../../lib/dayRange';
import { userKey } from '../../../lib/queryClient';

const key = (prefix: string, me: string, ...rest: unknown[]) => userKey(prefix, me, 'partner', 'main', ...rest);

export const todayRange = () => lastDays(0);

export const statisticsQueryOptions = (prefix: string, me: string) =>
  queryOptions({ queryKey: key(prefix, me, 'statistics'), queryFn: () => api(partnerCalls.statistics, {}) });

export const topInfoQueryOptions = (prefix: string, me: string) =>
  queryOptions({ queryKey: key(prefix, me, 'topInfo'), queryFn: () => api(partnerCalls.topInfo, {}) });

export const cashReportQueryOptions = (prefix: string, me: string, range: DayRange) =>
  queryOptions({ queryKey: key(prefix, me, 'cashReport', range), queryFn: () => api(partnerCalls.cashReport, wireRange(range)) });

export const myCashReportQueryOptions = (prefix: string, me: string, range: DayRange) =>
  queryOptions({ queryKey: key(prefix, me, 'myCashReport', range), queryFn: () => api(partnerCalls.myCashReport, wireRange(range)) });

export const newPayLogQueryOptions = (prefix: string, me: string) =>
  queryOptions({ queryKey: key(prefix, me, 'newPayLog'), queryFn: () => api(partnerCalls.newPayLog, {}) });
