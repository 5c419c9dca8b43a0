import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { memberInfoQueryOptions } from '../../../features/partner/queries';
import { PartnerMain } from '../../../features/partner/PartnerMain';

export const Route = createFileRoute('/$prefix/_partner/partnerMain')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(memberInfoQueryOptions(params.prefix, session.member?.memId ?? '')).catch(() => undefined),
  component: PartnerMain,
});
