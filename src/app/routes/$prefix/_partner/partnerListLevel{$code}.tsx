import { createFileRoute, redirect, useParams } from '@tanstack/react-router';
import { LevelList } from '../../../features/partner/LevelList';

const codes = ['PTN_1', 'PTN_2', 'PTN_3', 'PTN_4', 'PTN_5', 'PTN_6', 'PTN_7'] as const;
type Code = (typeof codes)[number];

export const Route = createFileRoute('/$prefix/_partner/partnerListLevel{$code}')({
  params: {
    parse: ({ code }) => ({ code: (codes.includes(code as Code) ? code : '') as Code }),
    stringify: ({ code }) => ({ code }),
  },
  beforeLoad: ({ context, params }) => {
    if (!params.code || context.caller.loginType !== 'PARTNER') throw redirect({ to: '/$prefix/partnerMain', params: { prefix: params.prefix } });
  },
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/partner/listQueries');
    await context.queryClient
      .ensureQueryData(q.levelListQueryOptions(context.api, params.prefix, context.caller.memId, { targetLevel: params.code, orderStr: 'JOIN_DESC', page: 1, count_per_list: 40 }))
      .catch(() => undefined);
  },
  component: function PartnerLevelList() {
    const { code } = useParams({ from: '/$prefix/_partner/partnerListLevel{$code}' });
    return <LevelList key={code} code={code} />;
  },
});
