import { createFileRoute } from '@tanstack/react-router';
import { Lobby } from '../../../features/player/Lobby';

export const Route = createFileRoute('/$prefix/_player/main')({ component: Lobby });
