import { queryOptions } from '@tanstack/react-query';
import { adminSecurityCalls } from '../../../contract/admin';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

export const ipBlockListQueryOptions = (api: Api, prefix: string, me: string) =>
  queryOptions({ queryKey: userKey(prefix, me, 'adminSecurity', 'ipBlocks'), staleTime: 0, queryFn: () => api(adminSecurityCalls.ipBlockList, {}) });

export const auditListQueryOptions = (api: Api, prefix: string, me: string, page: number, actorId: string) =>
  queryOptions({
    queryKey: userKey(prefix, me, 'adminSecurity', 'audit', page, actorId),
    staleTime: 0,
    queryFn: () => api(adminSecurityCalls.auditList, { page, count_per_list: 20, actorId: actorId || undefined }),
  });

/** The chain check runs only when asked (it walks every row) and is never served from cache. */
export const auditVerifyQueryOptions = (api: Api, prefix: string, me: string) =>
  queryOptions({ queryKey: userKey(prefix, me, 'adminSecurity', 'auditVerify'), staleTime: 0, gcTime: 0, queryFn: () => api(adminSecurityCalls.auditVerify, {}) });
