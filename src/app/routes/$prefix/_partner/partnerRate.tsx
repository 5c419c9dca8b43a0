import { createFileRoute } from '@tanstack/react-router';
import { PartnerRate } from '../../../features/partner/PartnerRate';

export const Route = createFileRoute('/$prefix/_partner/partnerRate')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/rate/queries');
    await context.queryClient.ensureQueryData(q.bottomRateQueryOptions(context.api, params.prefix, context.caller.memId, '', 1)).catch(() => undefined);
  },
  component: PartnerRate,
});
