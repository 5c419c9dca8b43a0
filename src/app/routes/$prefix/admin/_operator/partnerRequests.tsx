import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../../lib/session/store';
import { PartnerRequests, partnerRequestsQueryOptions } from '../../../../features/adminPartners/PartnerRequests';

export const Route = createFileRoute('/$prefix/admin/_operator/partnerRequests')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(partnerRequestsQueryOptions(params.prefix, session.member?.memId ?? '', 'open', 1)).catch(() => undefined),
  component: PartnerRequests,
});
