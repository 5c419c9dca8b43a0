/**
 * The platform above the sites: its owner and staff, on the console's own path (/platform), with
 * a session apart from every site's. The first owner is made through the one-time setup link a
 * start prints while there is none; two-factor sign-in is required of every platform account.
 */
import { z } from 'zod';
import { call, ok } from './define.js';
import { powProof } from './member.js';

const setupToken = z.string().min(20).max(100);
const otpCode = z.string().trim().min(1).max(40);

// the id and password rules (PF003, PF004) are in validate.ts: the app checks them beside the fields too

export const platformSite = z.object({
  prefix: z.string(),
  name: z.string(),
  /** open, in its maintenance window now, or held by the platform (suspended, archived) */
  status: z.enum(['open', 'maintenance', 'suspended', 'archived']),
  members: z.number().int(),
  /** players and partners signed in now */
  online: z.number().int(),
  /** today (Korea time), in the site's smallest unit: completed deposits and withdrawals, stakes, stakes less wins */
  deposits: z.number(),
  withdrawals: z.number(),
  bets: z.number(),
  ggr: z.number(),
  /** its audit chain as this server last verified it: broken from row `seq` on, or null (intact or not yet found broken) */
  auditBroken: z.object({ seq: z.number().int() }).nullable(),
});
export type PlatformSite = z.infer<typeof platformSite>;

export const platformCalls = {
  /** Checks a setup link and answers the authenticator enrolment the owner confirms with a code. */
  setupStart: call('/api/platform/setup/start', z.object({ token: setupToken }), z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() }), 'public'),
  /** Makes the owner: id, password, and a current code of the enrolment (two-factor from the first sign-in). */
  setup: call(
    '/api/platform/setup',
    z.object({ token: setupToken, loginId: z.string().trim().max(40), password: z.string().max(200), passwordCheck: z.string().max(200), otpCode }),
    z.object({ recoveryCodes: z.array(z.string()) }),
    'public',
  ),
  /** Password and the authenticator's code (or a recovery code) in one step; a solved challenge when asked (L005). */
  login: call(
    '/api/platform/login',
    z.object({ loginId: z.string().trim().max(40), password: z.string().max(200), otpCode, pow: powProof.optional() }),
    z.object({ token: z.string(), loginId: z.string(), role: z.enum(['owner', 'staff']) }),
    'public',
  ),
  logout: call('/api/platform/logout', z.object({}), ok, 'public'),
  /** The sites of this deployment, read-only; archived ones only when asked. */
  sites: call('/api/platform/sites', z.object({ archived: z.boolean().optional() }), z.object({ list: z.array(platformSite) }), 'public'),
};
