import { queryOptions } from '@tanstack/react-query';
import { demoCalls } from '../../../contract/game';
import type { Api } from '../../lib/api';
import { siteKey } from '../../lib/queryClient';

/** The launch token's game: kind, wallet mode, limits and the balance at the vendor. */
export const gameSessionQueryOptions = (api: Api, prefix: string, t: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'game', 'session', t),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    queryFn: () => api(demoCalls.session, { t }),
  });

export const sportsEventsQueryOptions = (api: Api, prefix: string, t: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'game', 'sports', t),
    staleTime: 60_000,
    gcTime: 0,
    queryFn: () => api(demoCalls.sportsEvents, { t }).then((r) => r.list),
  });
