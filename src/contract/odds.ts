/**
 * Sports odds travel as decimals with two places (1.87). Every rule on them works in whole
 * hundredths (187), never in floating point: 10,000 x 8.29 is 82,900, where the float product
 * floors to 82,899. The vendor pays and the app shows by these functions alone.
 */
export const oddsHundredths = (odds: number): bigint => BigInt(Math.round(odds * 100));

/** The legs' odds multiplied, floored to 2 decimals; no legs, no odds (0). */
export function combinedOdds(odds: readonly number[]): number {
  if (odds.length === 0) return 0;
  const product = odds.map(oddsHundredths).reduce((a, b) => a * b, 1n);
  return Number(product / 100n ** BigInt(odds.length - 1)) / 100;
}

/** What a stake wins at these odds: floor(stake x odds), in the site's smallest unit. */
export const expectedWin = (stake: number, odds: number): number => Number((BigInt(Math.max(0, Math.floor(stake))) * oddsHundredths(odds)) / 100n);
