import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { PartnerMain } from '../../../features/partner/PartnerMain';

export const Route = createFileRoute('/$prefix/_partner/partnerMain')({
  loader: async ({ context: { queryClient }, params: { prefix } }) => {
    const q = await import('../../../features/partner/dashboard/queries');
    // asked for together but not awaited: the shell and the site's popup paint while the figures load
    q.prefetchDashboard(queryClient, prefix, session.member?.memId ?? '');
  },
  component: PartnerMain,
});
