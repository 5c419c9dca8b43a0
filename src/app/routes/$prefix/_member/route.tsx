import { createFileRoute } from '@tanstack/react-router';
import { currentKind, requireShell } from '../../../lib/guard';
import { PartnerShell } from '../../../features/home/PartnerShell';
import { CreatePopupHost } from '../../../features/partner/create/CreatePopupHost';
import { PlayerShell } from '../../../features/home/PlayerShell';

// Screens players and partners share (qna, notices, messages): they render in the caller's own shell.
export const Route = createFileRoute('/$prefix/_member')({
  beforeLoad: ({ params, preload }) => requireShell(params.prefix, currentKind() === 'partner' ? 'partner' : 'player', preload),
  component: MemberShell,
});

function MemberShell() {
  const kind = Route.useRouteContext({ select: (c) => c.caller.kind });
  return kind === 'partner' ? <PartnerShell popups={<CreatePopupHost />} /> : <PlayerShell />;
}
