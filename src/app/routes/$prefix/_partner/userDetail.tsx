import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { validateDetailSearch } from '../../../features/memberDetail/detailTabs';
import { detailInfoQueryOptions } from '../../../features/memberDetail/queries';
import { MemberDetail } from '../../../features/memberDetail/MemberDetail';

export const Route = createFileRoute('/$prefix/_partner/userDetail')({
  validateSearch: validateDetailSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(detailInfoQueryOptions(params.prefix, session.member?.memId ?? '', deps.id)).catch(() => undefined),
  component: function UserDetail() {
    const { id, tab } = Route.useSearch();
    return <MemberDetail kind="user" id={id} tab={tab} />;
  },
});
