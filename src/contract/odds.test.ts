import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combinedOdds, expectedWin } from './odds';

/** The sportsbook's own arithmetic on whole hundredths: product floored to 2 places, then floor(stake x odds). */
function paid(stake: number, hundredths: number[]): number {
  const product = hundredths.reduce((a, c) => a * BigInt(c), 1n);
  const combined = product / 100n ** BigInt(hundredths.length - 1);
  return Number((BigInt(stake) * combined) / 100n);
}

/** Odds as the app and the vendor receive them: JSON decimals, or the database's numeric text. */
const legs = fc.array(fc.integer({ min: 101, max: 5000 }), { minLength: 1, maxLength: 8 });
const stake = fc.integer({ min: 0, max: 100_000_000 });

describe('odds and expected win', () => {
  it('floors the product to 2 decimals', () => {
    expect(combinedOdds([1.88, 2.76])).toBe(5.18);
    expect(combinedOdds([1.33, 1.33, 1.33])).toBe(2.35);
    expect(combinedOdds([1.1, 1.1])).toBe(1.21);
    expect(combinedOdds([1.95, 1.95, 1.95])).toBe(7.41);
    expect(combinedOdds([2.5])).toBe(2.5);
    expect(combinedOdds([])).toBe(0);
  });

  it('pays 10,000 x 8.29 as 82,900 (the float product floors to 82,899)', () => {
    expect(Math.floor(10_000 * 8.29)).toBe(82_899);
    expect(expectedWin(10_000, 8.29)).toBe(82_900);
    expect(expectedWin(333, 1.95)).toBe(649);
    expect(expectedWin(7000, 6.71)).toBe(46_970);
  });

  it('the expected win the app shows is what the vendor pays, for any stake and legs', () => {
    fc.assert(
      fc.property(stake, legs, (s, cents) => {
        const shown = expectedWin(s, combinedOdds(cents.map((c) => c / 100)));
        // the vendor stores the combined odds as numeric and pays from its text when the bet settles
        const stored = Number(combinedOdds(cents.map((c) => Number((c / 100).toFixed(2)))).toFixed(2));
        expect(shown).toBe(paid(s, cents));
        expect(expectedWin(s, stored)).toBe(shown);
      }),
      { numRuns: 2000 },
    );
  });
});
