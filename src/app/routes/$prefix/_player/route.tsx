import { createFileRoute } from '@tanstack/react-router';
import { requireShell } from '../../../lib/guard';
import { PlayerShell } from '../../../features/home/PlayerShell';

export const Route = createFileRoute('/$prefix/_player')({
  beforeLoad: ({ params, preload }) => requireShell(params.prefix, 'player', preload),
  component: PlayerShell,
});
