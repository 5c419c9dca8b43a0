/**
 * The console's open invitations: every operator link (of any site) and staff link not yet used,
 * expired or replaced, with who made it; any can be revoked at once. An invitation dies with its
 * maker: removing a staff member voids every open one it made.
 */
import { z } from 'zod';
import { call, ok, wireDate } from './define.js';

const kind = z.enum(['operator', 'staff']);

export const openInvitation = z.object({
  kind,
  id: z.string(),
  /** the operator invitation's site; null for a staff invitation */
  prefix: z.string().nullable(),
  siteName: z.string().nullable(),
  /** the platform account that made it */
  by: z.string().nullable(),
  createdAt: wireDate,
  expiresAt: wireDate,
});
export type OpenInvitation = z.infer<typeof openInvitation>;

export const platformInviteCalls = {
  /** Every open invitation, the newest first (staff links only for the owner, who alone makes them). */
  list: call('/api/platform/invites', z.object({}), z.object({ list: z.array(openInvitation) }), 'public'),
  /** The link stops working now (PF023 or PF006 when opened); staff links are the owner's to revoke (PF005). */
  revoke: call('/api/platform/invites/revoke', z.object({ kind, id: z.string().regex(/^\d{1,18}$/) }), ok, 'public'),
};
