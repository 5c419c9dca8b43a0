import type { ResOf } from '../../../contract/define';
import { demoCalls, type BetPick } from '../../../contract/game';
import { useApi } from '../../lib/useApi';
import { useWrite, type ScreenPart, type WriteOptions } from '../../lib/write/useWrite';

/**
 * A play at the demo vendor with the launch token `t`: a money write, refused offline, without the
 * overlay (the table shows its own motion); a refusal (no money, limits, duplicate) is said and the
 * round is not counted. The balance is the vendor's, so nothing of the player's is refetched.
 */
const play = { money: true, overlay: false, invalidates: [] } satisfies Partial<WriteOptions<unknown, unknown, never>>;

export function useSlotSpin(t: string, screen: ScreenPart<number, ResOf<typeof demoCalls.slotSpin>>) {
  const api = useApi();
  return useWrite({ ...play, run: (stake: number) => api(demoCalls.slotSpin, { t, bet: stake }), ...screen });
}

export type MiniPick = { pick: 'odd' | 'even'; bet: number };

export function useMiniPlay(t: string, screen: ScreenPart<MiniPick, ResOf<typeof demoCalls.miniPlay>>) {
  const api = useApi();
  return useWrite({ ...play, run: (v: MiniPick) => api(demoCalls.miniPlay, { t, ...v }), ...screen });
}

export type Leg = { eventId: number; pick: BetPick };

/** One sports bet of `stake` on its legs (one leg a single, more a parlay). */
export function useSportsBet(t: string, stake: number, screen: ScreenPart<Leg[], ResOf<typeof demoCalls.sportsBet>>) {
  const api = useApi();
  return useWrite({ ...play, run: (legs: Leg[]) => api(demoCalls.sportsBet, { t, stake, picks: legs.map((l) => ({ eventId: l.eventId, pick: l.pick })) }), ...screen });
}

export type BaccaratStakes = Record<'player' | 'banker' | 'tie', number>;
const placedStakes = (s: BaccaratStakes) => Object.fromEntries(Object.entries(s).filter(([, v]) => v > 0)) as Partial<BaccaratStakes>;

/** One baccarat round: the bet, then its deal; `onPlaced` gets the balance as soon as the stake has left it. */
export function useBaccaratRound(t: string, onPlaced: (balance: number) => void, screen: ScreenPart<BaccaratStakes, ResOf<typeof demoCalls.baccaratDeal>>) {
  const api = useApi();
  return useWrite({
    ...play,
    run: async (v: BaccaratStakes) => {
      const placed = await api(demoCalls.baccaratBet, { t, ...placedStakes(v) });
      onPlaced(placed.balance);
      return api(demoCalls.baccaratDeal, { t, roundId: placed.roundId });
    },
    ...screen,
  });
}
