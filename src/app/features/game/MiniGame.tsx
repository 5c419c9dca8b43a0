import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMiniPlay } from '../../entities/game/writes';
import { Money } from '../../widgets/Money';
import { ChipPicker } from './ChipPicker';
import { chipsFor, type GameProps } from './play';
import css from './GamePlay.module.css';

type Pick = 'odd' | 'even';

/** Odd or even on a ball from 1 to 28; a right pick pays 1.95. */
export default function MiniGame({ t: token, game, onBalance }: GameProps) {
  const { t } = useLingui();
  const chips = chipsFor(game.minBet, game.maxBet);
  const [bet, setBet] = useState(chips[0]);
  const [pick, setPick] = useState<Pick>('odd');
  const [last, setLast] = useState<{ number: number; result: Pick; win: number; pick: Pick } | null>(null);
  const names: Record<Pick, string> = { odd: t`홀`, even: t`짝` };

  const round = useMiniPlay(token, {
    onDone: (r, v) => {
      setLast({ ...r, pick: v.pick });
      onBalance(r.balance);
    },
  });
  const busy = round.busy;
  const go = () => round.submit({ pick, bet });

  return (
    <div className={`${css.table} ${css.mini}`}>
      <div className={`${css.ball} ${busy ? css.spinning : ''}`} aria-live="polite" data-testid="mini-ball">
        {last ? last.number : '?'}
      </div>
      <p className={css.outcomeLine}>
        {!last ? (
          <Trans>홀 또는 짝을 고르세요</Trans>
        ) : last.win > 0 ? (
          <span className={css.win}>
            {names[last.result]} · <Trans>당첨!</Trans> <Money value={last.win} />
          </span>
        ) : (
          <span className={css.miss}>
            {names[last.result]} · <Trans>꽝</Trans>
          </span>
        )}
      </p>
      <div className={css.sides}>
        {(['odd', 'even'] as const).map((p) => (
          <button key={p} type="button" className={css.side} aria-pressed={pick === p} onClick={() => setPick(p)}>
            <span className={css.sideName}>{names[p]}</span>
            <span className={css.sideOdds}>×1.95</span>
          </button>
        ))}
      </div>
      <div className={css.controls}>
        <span className={css.controlLabel}>
          <Trans>베팅금액</Trans>{' '}
          <b>
            <Money value={bet} />
          </b>
        </span>
        <ChipPicker chips={chips} value={bet} onChange={setBet} />
        <button type="button" className={`${css.primary} ${css.big}`} disabled={busy} onClick={() => void go()}>
          <Trans>베팅</Trans>
        </button>
      </div>
    </div>
  );
}
