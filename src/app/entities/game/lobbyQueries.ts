import { queryOptions } from '@tanstack/react-query';
import { gameCalls } from '../../../contract/game';
import type { Api } from '../../lib/api';
import { userKey } from '../../lib/queryClient';

/**
 * The lobby: each category with its vendors and their games. Kept under the user's key so it is
 * persisted with the other last-seen lists and the lobby still shows its games offline.
 */
export const lobbyQueryOptions = (api: Api, prefix: string, memId: string) =>
  queryOptions({
    queryKey: userKey(prefix, memId, 'games', 'lobby'),
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const [groups, games] = await Promise.all([api(gameCalls.gameGroupCodes, {}), api(gameCalls.gameCodes, {})]);
      return groups.list.map((g) => ({ ...g, games: games.list.filter((x) => x.gameType === g.groupCode) }));
    },
  });

export type LobbyGroup = Awaited<ReturnType<NonNullable<ReturnType<typeof lobbyQueryOptions>['queryFn']>>>[number];
export type LobbyGame = LobbyGroup['games'][number];
