import { createFileRoute } from '@tanstack/react-router';
import { OperatorPartners } from '../../../../features/partner/operator/OperatorPartners';

export const Route = createFileRoute('/$prefix/admin/_operator/partners')({
  loader: async ({ context, params }) => {
    const q = await import('../../../../entities/partner/operatorQueries');
    await context.queryClient.ensureQueryData(q.sitePartnersQueryOptions(context.api, params.prefix, context.caller.memId, 1)).catch(() => undefined);
  },
  component: OperatorPartners,
});
