import { describe, expect, it } from 'vitest';
import { combinedOdds, expectedWin, groupBets, oddsBand, type Leg } from './sport';

const leg = (betIdx: number, newLineID: number, lineOdds: number) => ({ betIdx, betId: `b${betIdx}`, newLineID, lineOdds }) as Leg;

describe('sports bets', () => {
  it('groups legs per betIdx and betId in arrival order', () => {
    const g = groupBets([leg(2, 1, 1.5), leg(2, 2, 2), leg(1, 3, 3)]);
    expect(g.map((b) => [b.head.betIdx, b.legs.length])).toEqual([[2, 2], [1, 1]]);
  });
  it('bands odds', () => {
    expect([1.99, 2, 4.99, 5, 12].map(oddsBand)).toEqual(['low', 'mid', 'mid', 'high', 'high']);
  });
  it('floors the combined odds to 2 decimals', () => {
    expect(combinedOdds([1.87, 3.59])).toBe(6.71);
    expect(combinedOdds([1.1, 1.1])).toBe(1.21);
    expect(combinedOdds([1.95, 1.95, 1.95])).toBe(7.41);
    expect(expectedWin(7000, 6.71)).toBe(46970);
  });
});
