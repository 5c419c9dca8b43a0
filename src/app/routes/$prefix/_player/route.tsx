import { createFileRoute } from '@tanstack/react-router';
import { requireShell } from '../../../lib/guard';
import { PlayerShell } from '../../../features/player/PlayerShell';

export const Route = createFileRoute('/$prefix/_player')({
  beforeLoad: ({ params }) => requireShell(params.prefix, 'player'),
  component: PlayerShell,
});
