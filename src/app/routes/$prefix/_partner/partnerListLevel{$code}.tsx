import { createFileRoute, redirect } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { levelListQueryOptions } from '../../../features/partnerLists/queries';
import { LevelList } from '../../../features/partnerLists/LevelList';

const codes = ['PTN_1', 'PTN_2', 'PTN_3', 'PTN_4', 'PTN_5', 'PTN_6', 'PTN_7'] as const;
type Code = (typeof codes)[number];

export const Route = createFileRoute('/$prefix/_partner/partnerListLevel{$code}')({
  params: {
    parse: ({ code }) => ({ code: (codes.includes(code as Code) ? code : '') as Code }),
    stringify: ({ code }) => ({ code }),
  },
  beforeLoad: ({ params }) => {
    if (!params.code || session.member?.loginType !== 'PARTNER') throw redirect({ to: '/$prefix/partnerMain', params: { prefix: params.prefix } });
  },
  loader: ({ context, params }) =>
    context.queryClient
      .ensureQueryData(levelListQueryOptions(params.prefix, session.member?.memId ?? '', { targetLevel: params.code, orderStr: 'JOIN_DESC', page: 1, count_per_list: 40 }))
      .catch(() => undefined),
  component: function PartnerLevelList() {
    const { code } = Route.useParams();
    return <LevelList key={code} code={code} />;
  },
});
