import { queryOptions } from '@tanstack/react-query';
import { commonCalls } from '../../../../contract/common';
import { partnerCalls } from '../../../../contract/partner';
import type { Api } from '../../../lib/api';
import { siteKey, userKey } from '../../../lib/queryClient';

export const bankQueryOptions = (api: Api, prefix: string) =>
  queryOptions({ queryKey: siteKey(prefix, 'banks'), queryFn: () => api(commonCalls.bank, {}), staleTime: 60 * 60_000 });

/** Rate bounds a new partner under `memId` may get. */
export const partnerRatesQueryOptions = (api: Api, prefix: string, me: string, memId: string) =>
  queryOptions({ queryKey: userKey(prefix, me, 'partner', 'newRates', memId), queryFn: () => api(partnerCalls.partnerRates, { memId }), staleTime: 0 });
