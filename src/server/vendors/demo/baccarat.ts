/** Punto banco from an 8-deck shoe: third-card rules, player 1:1, banker 0.95:1, tie 8:1 (player/banker pushed). */
import { rand } from './rng.js';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
const SUITS = ['S', 'H', 'D', 'C'];
const value = (card: string) => Math.max(0, RANKS.indexOf(card[0]) + 1 > 9 ? 0 : RANKS.indexOf(card[0]) + 1);
const total = (cards: string[]) => cards.reduce((a, c) => a + value(c), 0) % 10;

export interface Stakes {
  player?: number;
  banker?: number;
  tie?: number;
}
export interface Hand {
  player: { cards: string[]; score: number };
  banker: { cards: string[]; score: number };
  result: 'player' | 'banker' | 'tie';
}

export function deal(): Hand {
  const shoe = Array.from({ length: 8 * 52 }, (_, i) => RANKS[i % 13] + SUITS[Math.floor(i / 13) % 4]);
  const draw = () => shoe.splice(rand(0, shoe.length), 1)[0];
  const p = [draw(), draw()];
  const b = [draw(), draw()];
  if (total(p) < 8 && total(b) < 8) {
    let third: number | null = null;
    if (total(p) <= 5) {
      p.push(draw());
      third = value(p[2]);
    }
    const bt = total(b);
    const bankerDraws =
      third === null
        ? bt <= 5
        : bt <= 2 || (bt === 3 && third !== 8) || (bt === 4 && third >= 2 && third <= 7) || (bt === 5 && third >= 4 && third <= 7) || (bt === 6 && third >= 6 && third <= 7);
    if (bankerDraws) b.push(draw());
  }
  const [ps, bs] = [total(p), total(b)];
  return { player: { cards: p, score: ps }, banker: { cards: b, score: bs }, result: ps > bs ? 'player' : bs > ps ? 'banker' : 'tie' };
}

export const stakeOf = (s: Stakes) => (s.player ?? 0) + (s.banker ?? 0) + (s.tie ?? 0);

/** What the stakes return (stake included) for a result. */
export function payout(s: Stakes, result: Hand['result']): number {
  if (result === 'tie') return (s.tie ?? 0) * 9 + (s.player ?? 0) + (s.banker ?? 0);
  if (result === 'player') return (s.player ?? 0) * 2;
  const b = s.banker ?? 0;
  return b + Math.floor((b * 95) / 100);
}
