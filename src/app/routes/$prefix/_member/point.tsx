import { createFileRoute } from '@tanstack/react-router';
import { PointArea } from '../../../features/cash/PointArea';

export const Route = createFileRoute('/$prefix/_member/point')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/cash/queries');
    await context.queryClient.ensureQueryData(q.pointListQueryOptions(context.api, params.prefix, context.caller.memId, 'in', q.defaultPointRange())).catch(() => undefined);
  },
  component: () => <PointArea tab="point" />,
});
