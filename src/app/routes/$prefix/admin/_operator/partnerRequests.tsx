import { createFileRoute } from '@tanstack/react-router';
import { PartnerRequests } from '../../../../features/partner/PartnerRequests';

export const Route = createFileRoute('/$prefix/admin/_operator/partnerRequests')({
  loader: async ({ context, params }) => {
    const q = await import('../../../../entities/partner/requestQueries');
    await context.queryClient.ensureQueryData(q.partnerRequestsQueryOptions(context.api, params.prefix, context.caller.memId, 'open', 1)).catch(() => undefined);
  },
  component: PartnerRequests,
});
