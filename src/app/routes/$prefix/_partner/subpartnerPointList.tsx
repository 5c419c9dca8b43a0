import { createFileRoute } from '@tanstack/react-router';
import { SubPointList } from '../../../features/cash/SubPointList';

export const Route = createFileRoute('/$prefix/_partner/subpartnerPointList')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/cash/transferQueries');
    await context.queryClient.ensureQueryData(q.subPointQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultSubPointFilter())).catch(() => undefined);
  },
  component: SubPointList,
});
