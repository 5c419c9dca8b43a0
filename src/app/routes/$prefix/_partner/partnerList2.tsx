import { createFileRoute } from '@tanstack/react-router';
import { LevelList } from '../../../features/partner/LevelList';

export const Route = createFileRoute('/$prefix/_partner/partnerList2')({
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/partner/listQueries');
    const me = context.caller.memId;
    await context.queryClient
      .ensureQueryData(q.partnerList2QueryOptions(context.api, params.prefix, me, { searchType: 'INNER', memId: me, page: 1, count_per_list: 40 }))
      .catch(() => undefined);
  },
  component: () => <LevelList />,
});
