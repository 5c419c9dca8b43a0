import { createFileRoute } from '@tanstack/react-router';
import { Lobby } from '../../../features/player/Lobby';
import { GameLobby } from '../../../features/games/GameLobby';
import { lobbyQueryOptions } from '../../../features/games/queries';

export const Route = createFileRoute('/$prefix/_player/main')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(lobbyQueryOptions(params.prefix)).catch(() => undefined),
  component: () => <Lobby games={<GameLobby />} />,
});
