/** Odds in hundredths as integers so the product floors exactly as the sportsbook does. */
const hundredths = (o: number) => BigInt(Math.round(o * 100));

/** Product of the legs' odds, floored to 2 decimals. */
export function combinedOdds(odds: number[]): number {
  if (odds.length === 0) return 0;
  const product = odds.map(hundredths).reduce((a, b) => a * b, 1n);
  return Number(product / 100n ** BigInt(odds.length - 1)) / 100;
}

/** floor(stake x odds) */
export const expectedWin = (stake: number, odds: number) => Number((BigInt(Math.max(0, Math.floor(stake))) * hundredths(odds)) / 100n);
