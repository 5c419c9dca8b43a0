import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { partnerList2QueryOptions } from '../../../features/partnerLists/queries';
import { LevelList } from '../../../features/partnerLists/LevelList';

export const Route = createFileRoute('/$prefix/_partner/partnerList2')({
  loader: ({ context, params }) => {
    const me = session.member?.memId ?? '';
    return context.queryClient
      .ensureQueryData(partnerList2QueryOptions(params.prefix, me, { searchType: 'INNER', memId: me, page: 1, count_per_list: 40 }))
      .catch(() => undefined);
  },
  component: () => <LevelList />,
});
