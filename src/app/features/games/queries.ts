import { queryOptions } from '@tanstack/react-query';
import { gameCalls } from '../../../contract/game';
import { api } from '../../lib/api';
import { siteKey } from '../../lib/queryClient';

/** The lobby: each category with its vendors and their games. */
export const lobbyQueryOptions = (prefix: string) =>
  queryOptions({
    queryKey: siteKey(prefix, 'games', 'lobby'),
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const [groups, games] = await Promise.all([api(gameCalls.gameGroupCodes, {}), api(gameCalls.gameCodes, {})]);
      return groups.list.map((g) => ({ ...g, games: games.list.filter((x) => x.gameType === g.groupCode) }));
    },
  });

export type LobbyGroup = Awaited<ReturnType<NonNullable<ReturnType<typeof lobbyQueryOptions>['queryFn']>>>[number];
export type LobbyGame = LobbyGroup['games'][number];
