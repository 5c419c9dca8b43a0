import { createFileRoute } from '@tanstack/react-router';
import { requirePlatform } from '../../../lib/platform';

// the console's screens behind its one guard: a static path, ranked before every /$prefix
export const Route = createFileRoute('/platform/_console')({ beforeLoad: requirePlatform });
