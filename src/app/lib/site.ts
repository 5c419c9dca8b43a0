import { queryOptions, useQuery } from '@tanstack/react-query';
import { commonCalls } from '../../contract/common';
import { api, isOffline } from './api';
import { siteKey } from './queryClient';
import type { Site } from './session/store';

const savedKey = (prefix: string) => `pitboss:${prefix}:site`;

/** The site behind a URL prefix; the last answer is kept so the app still opens offline. */
export const siteQueryOptions = (prefix: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'info'),
    staleTime: 10 * 60_000,
    queryFn: async (): Promise<Site> => {
      try {
        const site = { ...(await api(commonCalls.site, { prefix })), prefix };
        localStorage.setItem(savedKey(prefix), JSON.stringify(site));
        return site;
      } catch (err) {
        const saved = localStorage.getItem(savedKey(prefix));
        if (isOffline(err) && saved) return JSON.parse(saved) as Site;
        throw err;
      }
    },
  });

/** Maintenance window and the site-wide cash switches; offline the app assumes neither (money is refused offline anyway). */
export const siteCheckQueryOptions = (prefix: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'check'),
    staleTime: 60_000,
    queryFn: async () => {
      try {
        return await api(commonCalls.siteCheckInfo, {});
      } catch (err) {
        if (isOffline(err)) return { startDate: null, endDate: null, inCheck: false, inAmtYn: 'Y' as const, outAmtYn: 'Y' as const };
        throw err;
      }
    },
  });

/** The site-wide deposit / withdrawal switches, read afresh whenever a money screen opens. */
export function useCashSwitch(prefix: string) {
  const q = useQuery({ ...siteCheckQueryOptions(prefix), refetchOnMount: 'always' });
  return { depositBanned: q.data?.inAmtYn === 'N', withdrawalBanned: q.data?.outAmtYn === 'N' };
}
