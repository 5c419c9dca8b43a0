import { useLingui } from '@lingui/react/macro';
import type { Hand } from '../lib/betDetail';
import css from './BetDetail.module.css';

const suits: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** '9S', '10H', 'JC' -> rank and suit symbol; hearts and diamonds red. */
function PlayingCard({ code }: { code: string }) {
  const suit = code.slice(-1).toUpperCase();
  const rank = code.slice(0, -1).toUpperCase().replace(/^T$/, '10');
  return (
    <span className={css.card} data-red={suit === 'H' || suit === 'D'} aria-label={code}>
      {rank}{suits[suit] ?? suit}
    </span>
  );
}

/** Result cards of a table game: one box per hand (player, banker, dragon, tiger, dealer, seats). */
export function HandCards({ hands, winner }: { hands: { key: string; hand: Hand }[]; winner?: string }) {
  const { t } = useLingui();
  const names: Record<string, string> = {
    dealer: t`딜러`, player: t`플레이어`, banker: t`뱅커`, dragon: t`드래곤`, tiger: t`타이거`, aSpot: 'A', bSpot: 'B',
  };
  return (
    <div className={css.hands} data-testid="result-cards">
      {hands.map(({ key, hand }) => (
        <div key={key} className={css.hand} data-win={winner === key}>
          <div className={css.handHead}>
            <span>{names[key] ?? t`좌석 ${key.replace('seat', '')}`}</span>
            {hand.score != null && <strong>{hand.score}</strong>}
          </div>
          <div className={css.cards}>{(hand.cards ?? []).map((c, i) => <PlayingCard key={i} code={c} />)}</div>
        </div>
      ))}
    </div>
  );
}
