import { createFileRoute } from '@tanstack/react-router';
import { validateListSearch } from '../../../lib/listSearch';
import { QnaList } from '../../../features/board/QnaList';

export const Route = createFileRoute('/$prefix/_member/qna')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const q = await import('../../../entities/board/queries');
    await context.queryClient.ensureQueryData(q.qnaListQueryOptions(context.api, params.prefix, context.caller.memId, deps)).catch(() => undefined);
  },
  component: QnaList,
});
