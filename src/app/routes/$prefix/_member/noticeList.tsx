import { createFileRoute } from '@tanstack/react-router';
import { validateListSearch } from '../../../lib/listSearch';
import { NoticeList } from '../../../features/board/NoticeList';

export const Route = createFileRoute('/$prefix/_member/noticeList')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const q = await import('../../../entities/board/queries');
    await context.queryClient.ensureQueryData(q.noticeListQueryOptions(context.api, params.prefix, context.caller.memId, deps)).catch(() => undefined);
  },
  component: NoticeList,
});
