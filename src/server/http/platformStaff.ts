import { platformInviteCalls as inv } from '../../contract/platformInvites.js';
import { platformStaffCalls as c } from '../../contract/platformStaff.js';
import { openInvitations, revokeInvitation } from '../domain/platform/invitations.js';
import { platformCaller } from '../domain/platform/login.js';
import { inviteStaff, joinStaff, removeStaff, staffEnrolment, staffList } from '../domain/platform/staff.js';
import { defineRoute } from '../handler.js';

/** The platform's staff: the owner invites and removes them; a staff link makes the account. */
export const platformStaffRoutes = [
  defineRoute(c.list, async (_req, ctx) => staffList(ctx, await platformCaller(ctx, ctx.token))),
  defineRoute(c.invite, async (_req, ctx) => inviteStaff(ctx, await platformCaller(ctx, ctx.token))),
  defineRoute(c.remove, async (req, ctx) => {
    await removeStaff(ctx, await platformCaller(ctx, ctx.token), req.loginId);
    return null;
  }),
  defineRoute(c.joinStart, (req, ctx) => staffEnrolment(ctx, req.token)),
  defineRoute(c.join, async (req, ctx) => ({ recoveryCodes: await joinStaff(ctx, req) })),
  defineRoute(inv.list, async (_req, ctx) => ({ list: await openInvitations(ctx, await platformCaller(ctx, ctx.token)) })),
  defineRoute(inv.revoke, async (req, ctx) => {
    await revokeInvitation(ctx, await platformCaller(ctx, ctx.token), req.kind, req.id);
    return null;
  }),
];
