import { createFileRoute } from '@tanstack/react-router';
import { GamePage } from '../../features/game/GamePage';

// The game window: opened by the lobby with the launch token `t`; the vendor's calls need nothing else.
export const Route = createFileRoute('/$prefix/game/$vendor/$game')({
  validateSearch: (s: Record<string, unknown>) => ({ t: typeof s.t === 'string' ? s.t : '' }),
  component: GamePage,
});
