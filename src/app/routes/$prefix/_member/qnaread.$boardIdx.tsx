import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { qnaDetailQueryOptions } from '../../../features/board/queries';
import { QnaRead } from '../../../features/board/QnaRead';

export const Route = createFileRoute('/$prefix/_member/qnaread/$boardIdx')({
  params: { parse: (p) => ({ boardIdx: Number(p.boardIdx) || 0 }), stringify: (p) => ({ boardIdx: String(p.boardIdx) }) },
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(qnaDetailQueryOptions(params.prefix, session.member?.memId ?? '', params.boardIdx)).catch(() => undefined),
  component: QnaRead,
});
