import { useLingui } from '@lingui/react/macro';
import type { Hand } from './betDetail';
import { PlayingCards } from '../../ui/PlayingCards';
import css from './BetDetail.module.css';

/** Result cards of a table game: one box per hand (player, banker, dragon, tiger, dealer, seats). */
export function HandCards({ hands, winner }: { hands: { key: string; hand: Hand }[]; winner?: string }) {
  const { t } = useLingui();
  const names: Record<string, string> = {
    dealer: t`딜러`,
    player: t`플레이어`,
    banker: t`뱅커`,
    dragon: t`드래곤`,
    tiger: t`타이거`,
    aSpot: 'A',
    bSpot: 'B',
  };
  return (
    <div className={css.hands} data-testid="result-cards">
      {hands.map(({ key, hand }) => (
        <div key={key} className={css.hand} data-win={winner === key}>
          <div className={css.handHead}>
            <span>{names[key] ?? t`좌석 ${key.replace('seat', '')}`}</span>
            {hand.score != null && <strong>{hand.score}</strong>}
          </div>
          <PlayingCards cards={hand.cards ?? []} size="sm" />
        </div>
      ))}
    </div>
  );
}
