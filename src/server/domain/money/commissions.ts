/**
 * Commission maths, integers only. Rates are percent with 2 decimals, held here as basis points
 * of a percent (1.25% -> 125). A level's share of an amount A at rate r is floor(A x r / 100).
 *
 * Rounding: along the path from the bettor up to the top partner, each level's CUMULATIVE share
 * floor(A x r_level) is computed and a level is paid the difference to the level below it. The
 * payments therefore sum to exactly floor(A x r_top) and never go negative, because the rate used
 * per level is the running maximum of the path so far (equal to its own rate whenever a child's
 * rate does not exceed its parent's, which the rate rules guarantee).
 */

export const toBp = (ratePercent: number): number => Math.round(ratePercent * 100);
export const fromBp = (bp: number): number => bp / 100;

/** floor(amount x bp / 10000), exact for every safe integer amount. */
export function share(amount: number, bp: number): number {
  if (amount <= 0 || bp <= 0) return 0;
  return Number((BigInt(amount) * BigInt(bp)) / 10000n);
}

export interface Level {
  /** the rate this level effectively earns at (running max), basis points */
  bp: number;
  /** floor(amount x bp): what this level and everyone below it on the path get together */
  cumulative: number;
  /** this level's own payment */
  paid: number;
  /** the rate difference this level is paid at, basis points */
  diffBp: number;
}

/** Splits `amount` up a path of rates, bettor first. */
export function split(amount: number, bps: number[]): Level[] {
  let prevBp = 0;
  let prevCum = 0;
  return bps.map((raw) => {
    const bp = Math.max(prevBp, raw);
    const cumulative = share(amount, bp);
    const level = { bp, cumulative, paid: cumulative - prevCum, diffBp: bp - prevBp };
    prevBp = bp;
    prevCum = cumulative;
    return level;
  });
}

export interface Plan {
  rolling: Level[];
  losing: Level[];
  /** stake - win when positive, else 0 */
  loss: number;
}

/** Rolling on the stake and losing on the net loss, for a path of {pointBp, loseBp}, bettor first. */
export function commissionPlan(stake: number, win: number, path: { pointBp: number; loseBp: number }[]): Plan {
  const loss = Math.max(0, stake - win);
  return {
    rolling: split(
      stake,
      path.map((p) => p.pointBp),
    ),
    losing: split(
      loss,
      path.map((p) => p.loseBp),
    ),
    loss,
  };
}
