import { createFileRoute } from '@tanstack/react-router';
import { OpenSiteForm } from '../../../features/platform/OpenSiteForm';

export const Route = createFileRoute('/platform/_console/open')({
  loader: async ({ context: { api, queryClient } }) => {
    const q = await import('../../../entities/platform/queries');
    // a refusal is the screen's to show
    await queryClient.ensureQueryData(q.catalogQueryOptions(api)).catch(() => undefined);
  },
  component: OpenSiteForm,
});
