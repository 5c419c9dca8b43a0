import { createFileRoute, redirect } from '@tanstack/react-router';
import { platformToken } from '../../lib/platform';
import { PlatformHome } from '../../features/platform/PlatformHome';

// a static path: the router ranks it before every /$prefix, and no site may take the prefix
export const Route = createFileRoute('/platform/')({
  beforeLoad: () => {
    if (!platformToken()) throw redirect({ to: '/platform/login', replace: true });
  },
  component: PlatformHome,
});
