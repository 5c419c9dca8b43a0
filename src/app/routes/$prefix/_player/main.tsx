import { createFileRoute } from '@tanstack/react-router';
import { Lobby } from '../../../features/player/Lobby';
import { GameLobby } from '../../../features/games/GameLobby';
import { session } from '../../../lib/session/store';

export const Route = createFileRoute('/$prefix/_player/main')({
  // imported here, not at the top, so the query code stays out of the first-route bundle
  loader: async ({ context, params }) => {
    const { lobbyQueryOptions } = await import('../../../features/games/queries');
    await context.queryClient.ensureQueryData(lobbyQueryOptions(params.prefix, session.member?.memId ?? '')).catch(() => undefined);
  },
  component: () => <Lobby games={<GameLobby />} />,
});
