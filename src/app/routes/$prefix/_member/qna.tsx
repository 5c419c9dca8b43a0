import { createFileRoute } from '@tanstack/react-router';
import { validateListSearch } from '../../../lib/listSearch';
import { session } from '../../../lib/session/store';
import { QnaList } from '../../../features/board/QnaList';

export const Route = createFileRoute('/$prefix/_member/qna')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const q = await import('../../../features/board/queries');
    await context.queryClient.ensureQueryData(q.qnaListQueryOptions(params.prefix, session.member?.memId ?? '', deps)).catch(() => undefined);
  },
  component: QnaList,
});
