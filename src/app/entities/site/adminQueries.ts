import { queryOptions } from '@tanstack/react-query';
import { adminSiteCalls } from '../../../contract/site';
import type { Api } from '../../lib/api';
import { siteKey } from '../../lib/queryClient';

export const adminSiteKey = (prefix: string) => siteKey(prefix, 'admin', 'site');

export const siteStateQueryOptions = (api: Api, prefix: string) =>
  queryOptions({ queryKey: [...adminSiteKey(prefix), 'state'], staleTime: 0, queryFn: () => api(adminSiteCalls.siteState, {}) });

export const bannerListQueryOptions = (api: Api, prefix: string, page: number) =>
  queryOptions({ queryKey: [...adminSiteKey(prefix), 'banners', page], queryFn: () => api(adminSiteCalls.bannerList, { page }) });
