import { queryOptions } from '@tanstack/react-query';
import { memberCalls } from '../../../contract/member';
import { isOffline, type Api } from '../../lib/api';
import { siteKey } from '../../lib/queryClient';

/** A signup link's recommender; a refusal (U106/U107/U108) is the answer, not worth a retry. */
export const recommenderQueryOptions = (api: Api, prefix: string, ref: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'signup-recommender', ref),
    queryFn: () => api(memberCalls.recommender, { recommenderId: ref }),
    staleTime: 5 * 60_000,
    retry: (count, err) => isOffline(err) && count < 1,
    // the loader asked already: a refusal stays the answer until the screen's retry
    retryOnMount: false,
  });
