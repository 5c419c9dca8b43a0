import { createFileRoute } from '@tanstack/react-router';
import { QnaRead } from '../../../features/board/QnaRead';

export const Route = createFileRoute('/$prefix/_member/qnaread/$boardIdx')({
  params: { parse: (p) => ({ boardIdx: Number(p.boardIdx) || 0 }), stringify: (p) => ({ boardIdx: String(p.boardIdx) }) },
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/board/queries');
    await context.queryClient.ensureQueryData(q.qnaDetailQueryOptions(context.api, params.prefix, context.caller.memId, params.boardIdx)).catch(() => undefined);
  },
  component: QnaRead,
});
