import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { lastDays } from '../../../lib/dayRange';
import { cashReportQueryOptions, myCashReportQueryOptions, statisticsQueryOptions, topInfoQueryOptions } from '../../../features/partner/dashboard/queries';
import { PartnerMain } from '../../../features/partner/PartnerMain';

export const Route = createFileRoute('/$prefix/_partner/partnerMain')({
  loader: ({ context: { queryClient }, params: { prefix } }) => {
    const me = session.member?.memId ?? '';
    const today = lastDays(0);
    return Promise.all([
      queryClient.ensureQueryData(statisticsQueryOptions(prefix, me)),
      queryClient.ensureQueryData(topInfoQueryOptions(prefix, me)),
      queryClient.ensureQueryData(cashReportQueryOptions(prefix, me, today)),
      queryClient.ensureQueryData(myCashReportQueryOptions(prefix, me, today)),
    ]).catch(() => undefined);
  },
  component: PartnerMain,
});
