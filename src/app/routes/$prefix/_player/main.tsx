import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { closeGame } from '../../../lib/gameView';
import { Lobby } from '../../../features/player/Lobby';
import { GameLobby } from '../../../features/games/GameLobby';
import { GameView } from '../../../features/games/GameView';
import { InProgress } from '../../../features/cash/InProgress';

// loaded with the first game opened, not with the lobby
const RealityCheck = lazy(() => import('../../../features/gamePlay/RealityCheck').then((m) => ({ default: m.RealityCheck })));

export const Route = createFileRoute('/$prefix/_player/main')({
  // imported here, not at the top, so the query code stays out of the first-route bundle
  loader: async ({ context, params }) => {
    const { lobbyQueryOptions } = await import('../../../features/games/queries');
    await context.queryClient.ensureQueryData(lobbyQueryOptions(context.api, params.prefix, context.caller.memId)).catch(() => undefined);
  },
  component: Main,
});

function Main() {
  const { prefix } = Route.useParams();
  return (
    <Lobby
      games={
        <>
          <GameLobby />
          <GameView>
            <Suspense fallback={null}>
              <RealityCheck prefix={prefix} onStop={closeGame} />
            </Suspense>
          </GameView>
        </>
      }
      inProgress={<InProgress />}
    />
  );
}
