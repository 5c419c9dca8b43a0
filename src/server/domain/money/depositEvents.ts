/**
 * Percent of an approved deposit paid as points, per event; 0 turns an event off. Which event a
 * deposit earns and what it pays is decided inside its approval, money_deposit_event in
 * src/server/db/functions/money_cash_requests.sql (which reads these options the same way).
 */
export interface DepositEventRates {
  signupFirstPct: number;
  dailyFirstPct: number;
  everyPct: number;
}

const pct = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 100 ? v : 0);

/** The rates as stored in site.options (absent = 0, off). */
export function depositEventRates(options: Record<string, unknown> | null | undefined): DepositEventRates {
  const o = options ?? {};
  return { signupFirstPct: pct(o.eventSignupFirstPct), dailyFirstPct: pct(o.eventDailyFirstPct), everyPct: pct(o.eventEveryPct) };
}

/** Stored option keys of each rate. */
export const depositEventKeys = { signupFirstPct: 'eventSignupFirstPct', dailyFirstPct: 'eventDailyFirstPct', everyPct: 'eventEveryPct' } as const;
