import { queryOptions } from '@tanstack/react-query';
import { adminSiteCalls } from '../../../contract/site';
import { api } from '../../lib/api';
import { siteKey } from '../../lib/queryClient';

export const adminSiteKey = (prefix: string) => siteKey(prefix, 'admin', 'site');

export const siteStateQueryOptions = (prefix: string) =>
  queryOptions({ queryKey: [...adminSiteKey(prefix), 'state'], staleTime: 0, queryFn: () => api(adminSiteCalls.siteState, {}) });

export const bannerListQueryOptions = (prefix: string, page: number) =>
  queryOptions({ queryKey: [...adminSiteKey(prefix), 'banners', page], queryFn: () => api(adminSiteCalls.bannerList, { page }) });
