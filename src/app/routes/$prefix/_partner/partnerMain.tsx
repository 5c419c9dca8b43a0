import { createFileRoute } from '@tanstack/react-router';
import { prefetchDashboard } from '../../../features/home/dashboard/queries';
import { PartnerMain } from '../../../features/home/PartnerMain';

export const Route = createFileRoute('/$prefix/_partner/partnerMain')({
  // not awaited: the shell and the site popup paint while the figures load
  loader: ({ context: { api, queryClient, caller }, params: { prefix } }) => prefetchDashboard(api, queryClient, prefix, caller.memId),
  component: PartnerMain,
});
