import { createFileRoute } from '@tanstack/react-router';
import { validateListSearch } from '../../../lib/listSearch';
import { session } from '../../../lib/session/store';
import { qnaListQueryOptions } from '../../../features/board/queries';
import { QnaList } from '../../../features/board/QnaList';

export const Route = createFileRoute('/$prefix/_member/qna')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(qnaListQueryOptions(params.prefix, session.member?.memId ?? '', deps)).catch(() => undefined),
  component: QnaList,
});
