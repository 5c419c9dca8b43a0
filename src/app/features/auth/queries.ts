import { queryOptions } from '@tanstack/react-query';
import { memberCalls } from '../../../contract/member';
import { api } from '../../lib/api';
import { siteKey } from '../../lib/queryClient';

export const captchaQueryOptions = (prefix: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'captcha'),
    queryFn: () => api(memberCalls.captcha, {}),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
