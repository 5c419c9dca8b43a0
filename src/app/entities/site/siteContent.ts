import { queryOptions } from '@tanstack/react-query';
import { boardCalls } from '../../../contract/board';
import { commonCalls } from '../../../contract/common';
import { siteCalls } from '../../../contract/site';
import type { Api } from '../../lib/api';
import { siteKey, userKey } from '../../lib/queryClient';

/** Shell content shared by every kind of user: site options (footer), popups, banners, dashboard notices. */
export const siteOptionQueryOptions = (api: Api, prefix: string) =>
  queryOptions({ queryKey: siteKey(prefix, 'option'), staleTime: 10 * 60_000, queryFn: () => api(commonCalls.siteOption, {}) });

export const popupsQueryOptions = (api: Api, prefix: string) =>
  queryOptions({ queryKey: siteKey(prefix, 'popups'), staleTime: 5 * 60_000, queryFn: () => api(siteCalls.mainPopupList, {}) });

export const bannersQueryOptions = (api: Api, prefix: string) =>
  queryOptions({ queryKey: siteKey(prefix, 'banners'), staleTime: 5 * 60_000, queryFn: () => api(siteCalls.banner, {}) });

export const mainNoticesQueryOptions = (api: Api, prefix: string, memId: string) =>
  queryOptions({ queryKey: userKey(prefix, memId, 'notice', 'main'), queryFn: () => api(boardCalls.mainNotices, {}) });
