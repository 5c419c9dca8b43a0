import type { ResOf } from '../../../contract/define';
import type { demoCalls } from '../../../contract/game';

export type GameSession = ResOf<typeof demoCalls.session>;

/** What every game body gets from the page: the token, the limits and a way to report the new balance. */
export interface GameProps {
  t: string;
  game: GameSession;
  onBalance: (balance: number) => void;
}

const CHIPS = [100, 500, 1_000, 5_000, 10_000, 50_000, 100_000, 500_000, 1_000_000];

/** Up to five chip values inside the vendor's limits. */
export function chipsFor(minBet: number, maxBet: number): number[] {
  const fit = CHIPS.filter((c) => c >= minBet && c <= maxBet);
  return (fit.length ? fit : [minBet]).slice(0, 5);
}
