import { createFileRoute } from '@tanstack/react-router';
import { PointArea } from '../../../features/cash/PointArea';

export const Route = createFileRoute('/$prefix/_member/pointuselist')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/cash/queries');
    await context.queryClient.ensureQueryData(q.pointListQueryOptions(context.api, params.prefix, context.caller.memId, 'out', null)).catch(() => undefined);
  },
  component: () => <PointArea tab="pointuselist" />,
});
