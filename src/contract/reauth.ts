/**
 * Security changes (password, withdrawal PIN, two-factor on or off, raising a protection limit,
 * a new push device) ask the current login password, or accept a re-authentication of the same
 * session this many minutes old at most: a thief holding a session alone changes none of them.
 */
import { z } from 'zod';
import { call, wireDate } from './define.js';

export const reauthMinutes = 5;

/** The current login password on a security change; may be left out within a recent re-authentication. */
export const curPassField = z.string().max(200).optional();

export const reauthCalls = {
  /** Checks the password (a wrong one U121, counted toward the login lock) and opens the window until `until`. */
  reauth: call('/api/member/reauth', z.object({ memPass: z.string().max(200) }), z.object({ until: wireDate })),
};
