import { createFileRoute } from '@tanstack/react-router';
import { PlatformSite } from '../../../features/platform/PlatformSite';

export const Route = createFileRoute('/platform/_console/sites/$prefix')({
  loader: async ({ context: { api, queryClient }, params }) => {
    const q = await import('../../../entities/platform/queries');
    // a refusal is the screen's to show; the sandbox list only on a site that is not archived (the screen's rule)
    const site = await queryClient.ensureQueryData(q.platformSiteQueryOptions(api, params.prefix)).catch(() => undefined);
    if (site && site.status !== 'archived') await queryClient.ensureQueryData(q.sandboxQueryOptions(api, params.prefix)).catch(() => undefined);
  },
  component: function SiteRoute() {
    const { prefix } = Route.useParams();
    return <PlatformSite prefix={prefix} />;
  },
});
