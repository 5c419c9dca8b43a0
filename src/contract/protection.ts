/**
 * Player protection: limits the player sets on itself, breaks, self-exclusion and reality checks.
 * Limits: deposits and net loss (stakes less wins) per Korea-time day, week (from Monday) and
 * month. A lower limit is in force at once; a higher or removed one 24 hours later (`pending*`).
 */
import { z } from 'zod';
import { amount, call, empty, wireDate } from './define.js';
import { curPassField } from './reauth.js';

export const limitKinds = ['deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month'] as const;
export type LimitKind = (typeof limitKinds)[number];

/** Break lengths in days (24 hours to 6 weeks) and self-exclusion lengths in months (6 or more). */
export const breakDays = { min: 1, max: 42 } as const;
export const exclusionMonths = { min: 6, max: 120 } as const;
/** Reality-check intervals a player may pick; 0 is off. */
export const realityChoices = [0, 15, 30, 60] as const;

export const limitRow = z.object({
  kind: z.enum(limitKinds),
  /** in force now; null: no limit */
  amount: z.number().nullable(),
  /** a raised or removed limit waiting for its 24 hours: the value to come (null: removal) and when */
  pending: z.boolean(),
  pendingAmount: z.number().nullable(),
  appliesAt: wireDate.nullable(),
});
export type LimitRow = z.infer<typeof limitRow>;

export const protectionState = z.object({
  limits: z.array(limitRow),
  /** Korea-time end of a running break or self-exclusion, null when none */
  breakUntil: wireDate.nullable(),
  excludedUntil: wireDate.nullable(),
  /** the player's reality-check interval in minutes, 0 off, null: the site's default */
  realityMinutes: z.number().nullable(),
  realityDefault: z.number(),
});
export type ProtectionState = z.infer<typeof protectionState>;

const limitAmount = amount.nullable().refine((v) => v == null || v > 0, 'a limit above 0, or none');

export const protectionCalls = {
  /** The caller's own protection state (players). */
  protection: call('/api/member/protection', empty, protectionState),
  /**
   * Sets (amount) or removes (null or absent) one limit; answers the new state. Raising or removing
   * a limit in force is a security change: it asks `curPass` (U121), or a recent re-authentication.
   */
  limits: call('/api/member/limits', z.object({ kind: z.enum(limitKinds), amount: limitAmount.optional(), curPass: curPassField }), protectionState),
  /**
   * A break of `length` days (1 to 42) or self-exclusion of `length` months (6 to 120): cannot be
   * undone or shortened by anyone; every session of the player ends and login answers U020/U021.
   */
  takeBreak: call('/api/member/break', z.object({ kind: z.enum(['break', 'exclusion']), length: z.coerce.number().int() }), z.object({ until: wireDate })),
  /** The reality-check interval: 0 off, 15, 30 or 60 minutes, null back to the site's default. */
  realityCheck: call(
    '/api/member/realityCheck',
    z.object({
      minutes: z
        .number()
        .int()
        .refine((v) => (realityChoices as readonly number[]).includes(v), '0, 15, 30 or 60')
        .nullable(),
    }),
    protectionState,
  ),
  /** This sign-in session so far: when it started, stakes, wins and the net result (wins less stakes). */
  playSession: call('/api/member/playSession', empty, z.object({ startedAt: wireDate, betAmt: z.number(), winAmt: z.number(), net: z.number() })),
};
