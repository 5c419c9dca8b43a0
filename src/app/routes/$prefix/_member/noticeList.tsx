import { createFileRoute } from '@tanstack/react-router';
import { validateListSearch } from '../../../lib/listSearch';
import { session } from '../../../lib/session/store';
import { noticeListQueryOptions } from '../../../features/board/queries';
import { NoticeList } from '../../../features/board/NoticeList';

export const Route = createFileRoute('/$prefix/_member/noticeList')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(noticeListQueryOptions(params.prefix, session.member?.memId ?? '', deps)).catch(() => undefined),
  component: NoticeList,
});
