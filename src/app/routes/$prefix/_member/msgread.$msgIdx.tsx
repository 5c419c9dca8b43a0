import { createFileRoute } from '@tanstack/react-router';
import { MessageRead } from '../../../features/board/MessageRead';

export const Route = createFileRoute('/$prefix/_member/msgread/$msgIdx')({
  params: { parse: (p) => ({ msgIdx: Number(p.msgIdx) || 0 }), stringify: (p) => ({ msgIdx: String(p.msgIdx) }) },
  loader: async ({ context, params }) => {
    const q = await import('../../../entities/board/messageQueries');
    await q.ensureMessageLoaded(context.api, context.queryClient, params.prefix, context.caller.memId, params.msgIdx);
  },
  component: MessageRead,
});
