import { queryOptions } from '@tanstack/react-query';
import { rateCalls } from '../../../contract/rate';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

/** Own rates and the direct downline's with their bounds; under 'rates' so every save refreshes it. */
export const bottomRateQueryOptions = (api: Api, prefix: string, me: string, search: string, page: number) =>
  queryOptions({
    queryKey: userKey(prefix, me, 'rates', 'bottom', search, page),
    queryFn: () => api(rateCalls.bottomRateList, { searchMemId: search || undefined, page, count_per_list: 40 }),
  });
