import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { partnerCalls } from '../../../contract/partner';
import { rateCalls } from '../../../contract/rate';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

/** Every partner of the operator's site, top level first (the operator's lowerPartnerList). */
export const sitePartnersKey = (prefix: string, me: string) => userKey(prefix, me, 'admin', 'partners');
export const sitePartnersQueryOptions = (api: Api, prefix: string, me: string, page: number) =>
  queryOptions({
    queryKey: [...sitePartnersKey(prefix, me), page],
    queryFn: () => api(partnerCalls.lowerPartnerList, { page, count_per_list: 40 }),
    placeholderData: keepPreviousData,
  });

/** One partner's category rates with their bounds, for the operator's edit sheet. */
export const partnerRateQueryOptions = (api: Api, prefix: string, me: string, memId: string) =>
  queryOptions({ queryKey: [...sitePartnersKey(prefix, me), 'rates', memId], queryFn: () => api(rateCalls.detailRateInfo, { memId }), staleTime: 0 });
