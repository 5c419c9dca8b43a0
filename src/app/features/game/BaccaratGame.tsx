import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { demoCalls } from '../../../contract/game';
import type { ResOf } from '../../../contract/define';
import { useBaccaratRound } from '../../entities/game/writes';
import { alert } from '../../lib/dialogs';
import { Money } from '../../widgets/Money';
import { PlayingCards } from '../../ui/PlayingCards';
import { ChipPicker } from './ChipPicker';
import { chipsFor, type GameProps } from './play';
import css from './GamePlay.module.css';

type Spot = 'player' | 'banker' | 'tie';
type Deal = ResOf<typeof demoCalls.baccaratDeal>;
const EMPTY: Record<Spot, number> = { player: 0, banker: 0, tie: 0 };

/** Punto banco: chips on player, banker or tie, then the deal; the result cards and the payout. */
export default function BaccaratGame({ t: token, game, onBalance }: GameProps) {
  const { t } = useLingui();
  const chips = chipsFor(game.minBet, game.maxBet);
  const [chip, setChip] = useState(chips[0]);
  const [stakes, setStakes] = useState(EMPTY);
  const [deal, setDeal] = useState<Deal | null>(null);
  const total = stakes.player + stakes.banker + stakes.tie;
  const spots: { k: Spot; name: string; pays: string }[] = [
    { k: 'player', name: t`플레이어`, pays: '1:1' },
    { k: 'tie', name: t`타이`, pays: '8:1' },
    { k: 'banker', name: t`뱅커`, pays: '0.95:1' },
  ];
  const nameOf = (k: Spot) => spots.find((s) => s.k === k)!.name;

  const add = (k: Spot) => {
    if (busy) return;
    setDeal(null);
    setStakes((s) => ({ ...s, [k]: Math.min(game.maxBet, s[k] + chip) }));
  };

  // one round: the bet, then its deal (the stake leaves the balance as soon as the bet is placed)
  const round = useBaccaratRound(token, onBalance, {
    onDone: (r) => {
      setDeal(r);
      onBalance(r.balance);
    },
  });
  const busy = round.busy;

  async function go() {
    if (busy) return;
    if (total === 0) return alert(t`베팅할 곳을 선택하세요.`);
    setDeal(null);
    await round.submit(stakes);
  }

  return (
    <div className={`${css.table} ${css.felt}`}>
      <div className={css.hands} aria-live="polite" data-testid="baccarat-result" data-result={deal?.result ?? ''}>
        {(['player', 'banker'] as const).map((k) => (
          <div key={k} className={`${css.handBox} ${deal?.result === k ? css.handWon : ''}`}>
            <span className={css.handTitle}>
              {nameOf(k)} <b className={css.score}>{deal ? deal[k].score : ''}</b>
            </span>
            {deal ? (
              <PlayingCards cards={deal[k].cards} />
            ) : (
              <span className={css.cardSlots} aria-hidden>
                <i />
                <i />
              </span>
            )}
          </div>
        ))}
      </div>
      <p className={css.outcomeLine}>
        {busy ? (
          <Trans>딜링 중…</Trans>
        ) : !deal ? (
          <Trans>칩을 고르고 베팅할 곳을 누르세요</Trans>
        ) : (
          <span className={deal.win > deal.stake ? css.win : deal.win === deal.stake ? undefined : css.miss} data-testid="baccarat-payout">
            <Trans>{nameOf(deal.result)} 승</Trans> · <Trans>베팅</Trans> <Money value={deal.stake} /> · <Trans>지급</Trans> <Money value={deal.win} />
          </span>
        )}
      </p>
      <div className={css.spots}>
        {spots.map((s) => (
          <button key={s.k} type="button" className={`${css.spot} ${css[s.k]}`} onClick={() => add(s.k)} data-testid={`spot-${s.k}`}>
            <span className={css.spotName}>{s.name}</span>
            <span className={css.spotPays}>{s.pays}</span>
            <span className={css.spotStake}>{stakes[s.k] ? <Money value={stakes[s.k]} /> : '\u00a0'}</span>
          </button>
        ))}
      </div>
      <div className={css.controls}>
        <span className={css.controlLabel}>
          <Trans>총 베팅</Trans>{' '}
          <b>
            <Money value={total} />
          </b>
        </span>
        <ChipPicker chips={chips} value={chip} onChange={setChip} />
        <div className={css.row}>
          <button type="button" className={css.secondary} disabled={busy || total === 0} onClick={() => (setStakes(EMPTY), setDeal(null))}>
            <Trans>취소</Trans>
          </button>
          <button type="button" className={`${css.primary} ${css.big}`} disabled={busy} onClick={() => void go()} data-testid="deal">
            <Trans>딜</Trans>
          </button>
        </div>
      </div>
    </div>
  );
}
