import { queryOptions } from '@tanstack/react-query';
import { commonCalls } from '../../../contract/common';
import type { Api } from '../../lib/api';
import { siteKey } from '../../lib/queryClient';

/** The banks a member's account may be at (signup, a new partner or member). */
export const bankQueryOptions = (api: Api, prefix: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'banks'),
    queryFn: () => api(commonCalls.bank, {}),
    staleTime: 60 * 60_000,
  });
