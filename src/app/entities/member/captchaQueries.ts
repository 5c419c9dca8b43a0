import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../../lib/api';
import { siteKey } from '../../lib/queryClient';

export const captchaQueryOptions = (api: Api, prefix: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'captcha'),
    // the member calls load with the first captcha, not with the player's login screen (which shows none)
    queryFn: async () => api((await import('../../../contract/member')).memberCalls.captcha, {}),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
