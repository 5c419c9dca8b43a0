/** Odd/even on a ball from 1 to 28; a right pick pays 1.95 times the stake. */
import { rand } from './rng.js';

export function play(pick: 'odd' | 'even', bet: number) {
  const number = rand(1, 29);
  const result = number % 2 ? ('odd' as const) : ('even' as const);
  return { number, result, win: result === pick ? Math.floor((bet * 195) / 100) : 0 };
}
