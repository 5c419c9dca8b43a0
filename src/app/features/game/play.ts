import type { ResOf } from '../../../contract/define';
import type { demoCalls } from '../../../contract/game';
import { useWrite } from '../../lib/write/useWrite';

export type GameSession = ResOf<typeof demoCalls.session>;

/** What every game body gets from the page: the token, the limits and a way to report the new balance. */
export interface GameProps {
  t: string;
  game: GameSession;
  onBalance: (balance: number) => void;
}

/** One play through the write hook: a refusal (no money, limits, duplicate) is shown and the round is not counted. */
export const usePlay = <V, R>(run: (v: V) => Promise<R>, onDone: (res: R, v: V) => void) => useWrite({ run, onDone, money: true, overlay: false, invalidates: [] });

const CHIPS = [100, 500, 1_000, 5_000, 10_000, 50_000, 100_000, 500_000, 1_000_000];

/** Up to five chip values inside the vendor's limits. */
export function chipsFor(minBet: number, maxBet: number): number[] {
  const fit = CHIPS.filter((c) => c >= minBet && c <= maxBet);
  return (fit.length ? fit : [minBet]).slice(0, 5);
}
