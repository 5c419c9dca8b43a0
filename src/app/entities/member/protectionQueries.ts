import { queryOptions } from '@tanstack/react-query';
import { protectionCalls } from '../../../contract/protection';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

export const protectionKey = (prefix: string, memId: string) => userKey(prefix, memId, 'protection');

export const protectionQueryOptions = (api: Api, prefix: string, memId: string) =>
  queryOptions({ queryKey: protectionKey(prefix, memId), staleTime: 0, queryFn: () => api(protectionCalls.protection, {}) });
