import { queryOptions } from '@tanstack/react-query';
import { partnerCalls } from '../../../contract/partner';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

const key = (prefix: string, me: string, ...rest: unknown[]) => userKey(prefix, me, 'partner', 'tree', ...rest);

export const partnerInfoQueryOptions = (api: Api, prefix: string, me: string, memId: string) =>
  queryOptions({ queryKey: key(prefix, me, 'info', memId), queryFn: () => api(partnerCalls.partnerInfo, { memId }) });

export const directPartnersQueryOptions = (api: Api, prefix: string, me: string, memId: string) =>
  queryOptions({ queryKey: key(prefix, me, 'direct', memId), queryFn: () => api(partnerCalls.myPartnerDirectList, { memId }) });
