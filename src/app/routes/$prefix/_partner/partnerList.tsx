import { createFileRoute } from '@tanstack/react-router';
import { PartnerTreeScreen } from '../../../features/partner/PartnerTreeScreen';

export const Route = createFileRoute('/$prefix/_partner/partnerList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/partner/hierarchy');
    await context.queryClient.ensureQueryData(q.hierarchyQueryOptions(context.api, params.prefix, context.caller.memId, null, 'N')).catch(() => undefined);
  },
  component: PartnerTreeScreen,
});
