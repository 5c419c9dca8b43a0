import { describe, expect, it } from 'vitest';
import { combinedOdds, expectedWin } from './odds';

describe('combined odds', () => {
  it('floors the product to 2 decimals', () => {
    expect(combinedOdds([1.88, 2.76])).toBe(5.18);
    expect(combinedOdds([1.33, 1.33, 1.33])).toBe(2.35);
    expect(combinedOdds([2.5])).toBe(2.5);
    expect(combinedOdds([])).toBe(0);
  });
  it('expected win is floor(stake x odds)', () => {
    expect(expectedWin(1000, 5.18)).toBe(5180);
    expect(expectedWin(333, 1.95)).toBe(649);
  });
});
