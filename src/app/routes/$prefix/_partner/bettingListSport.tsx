import { createFileRoute } from '@tanstack/react-router';
import { SportList } from '../../../features/betting/SportList';

export const Route = createFileRoute('/$prefix/_partner/bettingListSport')({
  loader: async ({ context, params }) => {
    const q = await import('../../../features/betting/queries');
    await context.queryClient.ensureQueryData(q.sportListQueryOptions(context.api, params.prefix, context.caller.memId, q.defaultSportFilter())).catch(() => undefined);
  },
  component: SportList,
});
