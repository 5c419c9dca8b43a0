import { createFileRoute } from '@tanstack/react-router';
import { prefetchDashboard } from '../../../entities/report/dashboardQueries';
import { PartnerMain } from '../../../features/home/PartnerMain';

export const Route = createFileRoute('/$prefix/_partner/partnerMain')({
  // awaited only when the page's HTML already asked for the figures (and got an answer); else the shell paints while they load
  loader: ({ context: { api, queryClient, caller }, params: { prefix } }) => prefetchDashboard(api, queryClient, prefix, caller.memId),
  component: PartnerMain,
});
