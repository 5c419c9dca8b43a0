import { createFileRoute } from '@tanstack/react-router';
import { PlatformHome } from '../../../features/platform/PlatformHome';

export const Route = createFileRoute('/platform/_console/')({
  loader: async ({ context: { api, queryClient } }) => {
    const q = await import('../../../entities/platform/queries');
    // a refusal is the screen's to show
    await Promise.all([
      queryClient.ensureQueryData(q.platformSitesQueryOptions(api)).catch(() => undefined),
      queryClient.ensureQueryData(q.staffQueryOptions(api)).catch(() => undefined),
      queryClient.ensureQueryData(q.invitesQueryOptions(api)).catch(() => undefined),
    ]);
  },
  component: PlatformHome,
});
