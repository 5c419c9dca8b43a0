import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { hierarchyQueryOptions } from '../../../lib/hierarchy';
import { PartnerTreeScreen } from '../../../features/partnerTree/PartnerTreeScreen';

export const Route = createFileRoute('/$prefix/_partner/partnerList')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(hierarchyQueryOptions(params.prefix, session.member?.memId ?? '', null, 'N')).catch(() => undefined),
  component: PartnerTreeScreen,
});
