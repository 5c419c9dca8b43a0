import type { ResOf } from '../../../contract/define';
import type { betCalls } from '../../../contract/bet';

export type Leg = ResOf<typeof betCalls.sportList>['list'][number];
export interface SportBet {
  key: string;
  legs: Leg[];
  head: Leg;
}

/** Leg rows arrive flat; one bet is the run of rows sharing betIdx and betId. */
export function groupBets(rows: Leg[]): SportBet[] {
  const out: SportBet[] = [];
  const byKey = new Map<string, SportBet>();
  for (const r of rows) {
    const k = `${r.betIdx}:${r.betId}`;
    const bet = byKey.get(k);
    if (bet) bet.legs.push(r);
    else {
      const b = { key: k, legs: [r], head: r };
      byKey.set(k, b);
      out.push(b);
    }
  }
  return out;
}

/** Odds colour bands: under 2, 2 to 4.99, 5 and over. */
export const oddsBand = (odds: number): 'low' | 'mid' | 'high' => (odds < 2 ? 'low' : odds < 5 ? 'mid' : 'high');
