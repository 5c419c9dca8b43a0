import { describe, expect, it } from 'vitest';
import { groupBets, oddsBand, type Leg } from './sport';

const leg = (betIdx: number, newLineID: number, lineOdds: number) => ({ betIdx, betId: `b${betIdx}`, newLineID, lineOdds }) as Leg;

describe('sports bets', () => {
  it('groups legs per betIdx and betId in arrival order', () => {
    const g = groupBets([leg(2, 1, 1.5), leg(2, 2, 2), leg(1, 3, 3)]);
    expect(g.map((b) => [b.head.betIdx, b.legs.length])).toEqual([
      [2, 2],
      [1, 1],
    ]);
  });
  it('bands odds', () => {
    expect([1.99, 2, 4.99, 5, 12].map(oddsBand)).toEqual(['low', 'mid', 'mid', 'high', 'high']);
  });
});
