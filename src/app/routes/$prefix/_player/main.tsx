import { createFileRoute } from '@tanstack/react-router';
import { Lobby } from '../../../features/home/Lobby';
import { GameLobby } from '../../../features/game/GameLobby';
import { GameView } from '../../../features/game/GameView';
import { InProgress } from '../../../features/cash/InProgress';

export const Route = createFileRoute('/$prefix/_player/main')({
  // imported here, not at the top, so the query code stays out of the first-route bundle
  loader: async ({ context, params }) => {
    const { lobbyQueryOptions } = await import('../../../entities/game/lobbyQueries');
    await context.queryClient.ensureQueryData(lobbyQueryOptions(context.api, params.prefix, context.caller.memId)).catch(() => undefined);
  },
  component: () => (
    <Lobby
      games={
        <>
          <GameLobby />
          <GameView />
        </>
      }
      inProgress={<InProgress />}
    />
  ),
});
