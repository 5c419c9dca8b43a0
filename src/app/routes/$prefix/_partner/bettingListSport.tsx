import { createFileRoute } from '@tanstack/react-router';
import { SportList } from '../../../features/bet/SportList';

export const Route = createFileRoute('/$prefix/_partner/bettingListSport')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/bet/subtreeQueries');
    await context.queryClient.ensureQueryData(q.sportListQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultSportFilter())).catch(() => undefined);
  },
  component: SportList,
});
