import { createFileRoute } from '@tanstack/react-router';
import { session } from '../../../lib/session/store';
import { ensureMessageLoaded } from '../../../features/messages/queries';
import { MessageRead } from '../../../features/messages/MessageRead';

export const Route = createFileRoute('/$prefix/_member/msgread/$msgIdx')({
  params: { parse: (p) => ({ msgIdx: Number(p.msgIdx) || 0 }), stringify: (p) => ({ msgIdx: String(p.msgIdx) }) },
  loader: ({ context, params }) => ensureMessageLoaded(context.queryClient, params.prefix, session.member?.memId ?? '', params.msgIdx),
  component: MessageRead,
});
