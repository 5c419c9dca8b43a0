import { createFileRoute } from '@tanstack/react-router';
import { InviteAccept } from '../../../features/platform/InviteAccept';

// no guard: whoever holds the link makes the account, signed in or not
export const Route = createFileRoute('/$prefix/admin/invite')({
  component: InviteAccept,
});
