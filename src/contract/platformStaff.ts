/**
 * Platform staff: accounts beside the owner. Staff see every site and its figures and take every
 * site action the owner takes (open, invite an operator, brand, host names, suspend, resume,
 * archive, rotate a key); only the owner invites and removes staff (PF005). A staff member joins
 * through a one-time link (72 hours, single use, only its hash kept) with an id, a password and
 * the authenticator the link enrols: two-factor from the first sign-in, like the owner.
 */
import { z } from 'zod';
import { call, ok, wireDate } from './define.js';

const joinToken = z.string().min(20).max(100);
const otpCode = z.string().trim().min(1).max(40);

export const platformAccount = z.object({ loginId: z.string(), role: z.enum(['owner', 'staff']), createdAt: wireDate });
export type PlatformAccount = z.infer<typeof platformAccount>;

export const platformStaffCalls = {
  /** The platform's accounts (removed ones left out), and who is asking. */
  list: call('/api/platform/staff', z.object({}), z.object({ me: z.object({ loginId: z.string(), role: z.enum(['owner', 'staff']) }), list: z.array(platformAccount) }), 'public'),
  /** Owner only: a fresh one-time link for a new staff member, answered this once. */
  invite: call('/api/platform/staff/invite', z.object({}), z.object({ invite: z.object({ token: z.string(), expiresAt: wireDate }) }), 'public'),
  /** Owner only: the account never signs in again and its sessions end now; its row stays for the audit chain. */
  remove: call('/api/platform/staff/remove', z.object({ loginId: z.string().trim().max(40) }), ok, 'public'),
  /** Checks a staff link and answers the authenticator enrolment the new account confirms with a code. */
  joinStart: call('/api/platform/staff/join/start', z.object({ token: joinToken }), z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() }), 'public'),
  /** Makes the staff account (the owner's id and password rules) and spends the link. */
  join: call(
    '/api/platform/staff/join',
    z.object({ token: joinToken, loginId: z.string().trim().max(40), password: z.string().max(200), passwordCheck: z.string().max(200), otpCode }),
    z.object({ recoveryCodes: z.array(z.string()) }),
    'public',
  ),
};
