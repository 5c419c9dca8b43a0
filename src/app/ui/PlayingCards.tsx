import css from './PlayingCards.module.css';

const SUITS: Record<string, { mark: string; red: boolean; name: string }> = {
  S: { mark: '♠', red: false, name: 'spades' },
  H: { mark: '♥', red: true, name: 'hearts' },
  D: { mark: '♦', red: true, name: 'diamonds' },
  C: { mark: '♣', red: false, name: 'clubs' },
};

/** Cards as the vendors send them: rank then suit, e.g. 'AH', 'TS' (T = 10). */
export function PlayingCards({ cards, size = 'md' }: { cards: readonly string[]; size?: 'sm' | 'md' }) {
  return (
    <ul className={`${css.cards} ${size === 'sm' ? css.sm : ''}`}>
      {cards.map((c, i) => {
        const rank = c[0] === 'T' ? '10' : c.slice(0, -1);
        const suit = SUITS[c.slice(-1)] ?? { mark: '?', red: false, name: '' };
        return (
          <li key={i} className={`${css.card} ${suit.red ? css.red : ''}`} aria-label={`${rank} ${suit.name}`} style={{ animationDelay: `${i * 120}ms` }}>
            <span className={css.rank}>{rank}</span>
            <span className={css.suit} aria-hidden>
              {suit.mark}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
