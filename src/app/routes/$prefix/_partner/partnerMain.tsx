import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { PartnerMain } from '../../../features/partner/PartnerMain';

export const Route = createFileRoute('/$prefix/_partner/partnerMain')({
  loader: async ({ context: { queryClient }, params: { prefix } }) => {
    const q = await import('../../../features/partner/dashboard/queries');
    const me = session.member?.memId ?? '';
    const today = q.todayRange();
    const first = Promise.all([
      queryClient.ensureQueryData(q.statisticsQueryOptions(prefix, me)),
      queryClient.ensureQueryData(q.topInfoQueryOptions(prefix, me)),
      queryClient.ensureQueryData(q.cashReportQueryOptions(prefix, me, today)),
      queryClient.ensureQueryData(q.myCashReportQueryOptions(prefix, me, today)),
    ]);
    // the rest of the screen is asked for in the same breath, without holding it
    q.prefetchRest(queryClient, prefix, me);
    await first.catch(() => undefined);
  },
  component: PartnerMain,
});
