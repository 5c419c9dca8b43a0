import { createFileRoute } from '@tanstack/react-router';
import { NoticeRead } from '../../../features/board/NoticeRead';

export const Route = createFileRoute('/$prefix/_member/noticeRead/$boardIdx')({
  params: { parse: (p) => ({ boardIdx: Number(p.boardIdx) || 0 }), stringify: (p) => ({ boardIdx: String(p.boardIdx) }) },
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/board/queries');
    await context.queryClient.ensureQueryData(q.noticeDetailQueryOptions(context.api, params.prefix, context.caller.memId, params.boardIdx)).catch(() => undefined);
  },
  component: NoticeRead,
});
