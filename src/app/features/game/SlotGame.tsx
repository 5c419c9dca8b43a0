import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSlotSpin } from '../../entities/game/writes';
import { Money } from '../../widgets/Money';
import { ChipPicker } from './ChipPicker';
import { chipsFor, type GameProps } from './play';
import { SlotSymbol } from './SlotSymbol';
import css from './GamePlay.module.css';

const IDLE = ['7', 'CHERRY', 'BELL'];

/** The reel symbols' words in the player's language (the vendor answers them in English). */
function useSymbolNames() {
  const { t } = useLingui();
  const names: Record<string, string> = { '7': '7', BAR: t`바`, BELL: t`벨`, CHERRY: t`체리`, LEMON: t`레몬` };
  return (symbol: string) => names[symbol] ?? symbol;
}

interface Spin {
  reels: string[];
  line: string;
  multiplier: number;
  win: number;
  bet: number;
}

/** Three reels: pick a stake, spin, see the line and the win. */
export default function SlotGame({ t: token, game, onBalance }: GameProps) {
  const { t } = useLingui();
  const symbolName = useSymbolNames();
  const chips = chipsFor(game.minBet, game.maxBet);
  const [bet, setBet] = useState(chips[Math.min(2, chips.length - 1)]);
  const [last, setLast] = useState<Spin | null>(null);
  const [spins, setSpins] = useState(0);

  const round = useSlotSpin(token, {
    onDone: (r, stake) => {
      setLast({ ...r, bet: stake });
      setSpins((n) => n + 1);
      onBalance(r.balance);
    },
  });
  const busy = round.busy;
  const spin = () => round.submit(bet);

  const reels = last?.reels ?? IDLE;
  return (
    <div className={`${css.table} ${css.slot}`}>
      <div className={`${css.reels} ${busy ? css.spinning : ''}`} aria-live="polite" aria-label={t`릴`} data-testid="slot-reels">
        {reels.map((s, i) => (
          <span key={`${spins}-${i}`} className={css.reel}>
            <SlotSymbol name={s} label={symbolName(s)} />
          </span>
        ))}
      </div>
      <p className={css.outcomeLine} data-testid="slot-result" data-spins={spins}>
        {!last ? (
          <Trans>스핀을 눌러 시작하세요</Trans>
        ) : last.win > 0 ? (
          <span className={css.win}>
            <Trans>당첨!</Trans> {last.line.replace(/[A-Z]+/g, symbolName).replace(/ x(\d)/, ' ×$1')} · <Money value={last.win} />
          </span>
        ) : (
          <span className={css.miss}>
            <Trans>꽝</Trans>
          </span>
        )}
      </p>
      <div className={css.controls}>
        <span className={css.controlLabel}>
          <Trans>베팅금액</Trans>{' '}
          <b>
            <Money value={bet} />
          </b>
        </span>
        <ChipPicker chips={chips} value={bet} onChange={setBet} />
        <button type="button" className={`${css.primary} ${css.big}`} disabled={busy} onClick={() => void spin()} data-testid="spin">
          {busy ? <Trans>스핀 중…</Trans> : <Trans>스핀</Trans>}
        </button>
      </div>
      <Paytable />
    </div>
  );
}

function Paytable() {
  const symbolName = useSymbolNames();
  const rows: [string, number][] = (
    [
      ['7', 3, 100],
      ['BAR', 3, 20],
      ['BELL', 3, 10],
      ['CHERRY', 3, 5],
      ['CHERRY', 2, 2],
      ['CHERRY', 1, 1],
    ] as const
  ).map(([symbol, n, x]) => [`${symbolName(symbol)} ×${n}`, x]);
  return (
    <details className={css.paytable}>
      <summary>
        <Trans>배당표</Trans>
      </summary>
      <table>
        <tbody>
          {rows.map(([line, x]) => (
            <tr key={line}>
              <td>{line}</td>
              <td>×{x}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
