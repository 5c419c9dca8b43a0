import { queryOptions } from '@tanstack/react-query';
import { memberCalls } from '../../../contract/member';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

/** The partner's own member info (balances, unread counts): the top stats the server offers today. */
export const memberInfoQueryOptions = (api: Api, prefix: string, memId: string) =>
  queryOptions({
    queryKey: userKey(prefix, memId, 'info'),
    queryFn: () => api(memberCalls.info, {}),
  });
