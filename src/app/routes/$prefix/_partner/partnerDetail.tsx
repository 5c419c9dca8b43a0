import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { validateDetailSearch } from '../../../features/memberDetail/detailTabs';
import { detailInfoQueryOptions } from '../../../features/memberDetail/queries';
import { MemberDetail } from '../../../features/memberDetail/MemberDetail';

export const Route = createFileRoute('/$prefix/_partner/partnerDetail')({
  validateSearch: validateDetailSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(detailInfoQueryOptions(params.prefix, session.member?.memId ?? '', deps.id)).catch(() => undefined),
  component: function PartnerDetail() {
    const { id, tab } = Route.useSearch();
    return <MemberDetail kind="partner" id={id} tab={tab} />;
  },
});
