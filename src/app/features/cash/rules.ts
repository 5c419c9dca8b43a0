/** What an amount field checks before submit; every bound is optional. */
export interface AmountRule {
  min?: number;
  max?: number;
  /** the amount must be a multiple of this (1 or less: any) */
  unit?: number;
  /** what the member holds: the amount may not pass it */
  held?: number;
}

export type AmountProblem = { kind: 'empty' } | { kind: 'held'; held: number } | { kind: 'max'; max: number } | { kind: 'min'; min: number } | { kind: 'unit'; unit: number };

/** The first rule an amount breaks, in the server's order (holdings, maximum, minimum, unit); null when it may be sent. */
export function amountProblem(value: number, r: AmountRule): AmountProblem | null {
  if (!value) return { kind: 'empty' };
  if (r.held !== undefined && value > r.held) return { kind: 'held', held: r.held };
  if (r.max !== undefined && r.max > 0 && value > r.max) return { kind: 'max', max: r.max };
  if (r.min !== undefined && value < r.min) return { kind: 'min', min: r.min };
  if (r.unit !== undefined && r.unit > 1 && value % r.unit !== 0) return { kind: 'unit', unit: r.unit };
  return null;
}

/** Milliseconds until a once-a-minute action is allowed again after the last one at `lastAt` (0: now). */
export function waitLeft(lastAt: number | null | undefined, now: number, gapMs = 60_000): number {
  if (!lastAt) return 0;
  return Math.max(0, lastAt + gapMs - now);
}

/** The largest amount at most `held` that keeps to `unit` (for the "all" chip). */
export const allOf = (held: number, unit = 1) => (unit > 1 ? held - (held % unit) : held);
