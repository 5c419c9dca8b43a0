import { createFileRoute, redirect } from '@tanstack/react-router';
import { platformToken } from '../../lib/platform';
import { PlatformSite } from '../../features/platform/PlatformSite';

export const Route = createFileRoute('/platform/sites/$prefix')({
  beforeLoad: () => {
    if (!platformToken()) throw redirect({ to: '/platform/login', replace: true });
  },
  component: function SiteRoute() {
    const { prefix } = Route.useParams();
    return <PlatformSite prefix={prefix} />;
  },
});
