import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { noticeDetailQueryOptions } from '../../../features/board/queries';
import { NoticeRead } from '../../../features/board/NoticeRead';

export const Route = createFileRoute('/$prefix/_member/noticeRead/$boardIdx')({
  params: { parse: (p) => ({ boardIdx: Number(p.boardIdx) || 0 }), stringify: (p) => ({ boardIdx: String(p.boardIdx) }) },
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(noticeDetailQueryOptions(params.prefix, session.member?.memId ?? '', params.boardIdx)).catch(() => undefined),
  component: NoticeRead,
});
