import { queryOptions } from '@tanstack/react-query';
import { gameCalls } from '../../../contract/game';
import type { Api } from '../../lib/api';
import { siteKey } from '../../lib/queryClient';

/** The site's game groups (categories) with their vendors: which groups the site offers. */
export const gameGroupsQueryOptions = (api: Api, prefix: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'gameGroups'),
    queryFn: () => api(gameCalls.gameGroupCodes, {}),
    staleTime: 10 * 60_000,
  });
