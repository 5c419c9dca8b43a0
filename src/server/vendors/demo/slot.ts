/** A three-reel slot played from an outcome table (return to player about 94%). */
import { rand } from './rng.js';

const table: { upTo: number; line: string; reels: string[]; x: number }[] = [
  { upTo: 15, line: 'SEVEN x3', reels: ['7', '7', '7'], x: 100 },
  { upTo: 75, line: 'BAR x3', reels: ['BAR', 'BAR', 'BAR'], x: 20 },
  { upTo: 195, line: 'BELL x3', reels: ['BELL', 'BELL', 'BELL'], x: 10 },
  { upTo: 495, line: 'CHERRY x3', reels: ['CHERRY', 'CHERRY', 'CHERRY'], x: 5 },
  { upTo: 1495, line: 'CHERRY x2', reels: ['CHERRY', 'CHERRY', 'LEMON'], x: 2 },
  { upTo: 3495, line: 'CHERRY x1', reels: ['CHERRY', 'LEMON', 'BELL'], x: 1 },
];
const blanks = [
  ['LEMON', 'BELL', 'BAR'],
  ['7', 'LEMON', 'BELL'],
  ['BAR', 'LEMON', '7'],
  ['BELL', 'BAR', 'LEMON'],
];

export function spin(bet: number) {
  const r = rand(0, 10_000);
  const hit = table.find((t) => r < t.upTo);
  if (!hit) return { reels: blanks[rand(0, blanks.length)], line: 'NONE', multiplier: 0, win: 0 };
  return { reels: hit.reels, line: hit.line, multiplier: hit.x, win: bet * hit.x };
}
