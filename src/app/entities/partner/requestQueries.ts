import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { partnerCalls } from '../../../contract/partner';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

export type RequestFilter = 'open' | 'all';

/** Every page of the operator's partner requests. */
export const partnerRequestsKey = (prefix: string, me: string) => userKey(prefix, me, 'admin', 'partnerRequests');

export const partnerRequestsQueryOptions = (api: Api, prefix: string, me: string, filter: RequestFilter, page: number) =>
  queryOptions({
    queryKey: [...partnerRequestsKey(prefix, me), filter, page],
    queryFn: () => api(partnerCalls.requestList, { status: filter === 'open' ? 0 : undefined, page, count_per_list: 20 }),
    placeholderData: keepPreviousData,
  });
