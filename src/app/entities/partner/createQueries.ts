import { queryOptions } from '@tanstack/react-query';
import { partnerCalls } from '../../../contract/partner';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

/** Rate bounds a new partner under `memId` may get. */
export const partnerRatesQueryOptions = (api: Api, prefix: string, me: string, memId: string) =>
  queryOptions({ queryKey: userKey(prefix, me, 'partner', 'newRates', memId), queryFn: () => api(partnerCalls.partnerRates, { memId }), staleTime: 0 });
