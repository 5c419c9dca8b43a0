import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { limits } from '../../../contract/enums';
import type { BetPick } from '../../../contract/game';
import { useSportsBet } from '../../entities/game/writes';
import { alert } from '../../lib/dialogs';
import { combinedOdds, expectedWin } from '../../../contract/odds';
import { BottomSheet } from '../../ui/BottomSheet';
import { Money } from '../../widgets/Money';
import { MoneyInput } from '../../ui/MoneyInput';
import { Tabs } from '../../ui/Tabs';
import type { GameProps } from './play';
import css from './Sportsbook.module.css';

export interface SlipPick {
  eventId: number;
  pick: BetPick;
  odds: number;
  label: string;
  side: string;
}
type Mode = 'single' | 'parlay';

/** The slip: a bar with the count and odds, opening a sheet to stake singles (one bet per pick) or one parlay. */
export function BetSlip({
  t: token,
  game,
  onBalance,
  picks,
  onRemove,
  onPlaced,
}: GameProps & {
  picks: SlipPick[];
  onRemove: (eventId: number) => void;
  onPlaced: () => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>('parlay');
  const [stake, setStake] = useState('');
  const [busy, setBusy] = useState(false);
  const parlay = mode === 'parlay' && picks.length > 1;
  const amount = Number(stake || 0);
  const odds = combinedOdds(picks.map((p) => p.odds));
  const win = parlay ? expectedWin(amount, odds) : picks.reduce((sum, p) => sum + expectedWin(amount, p.odds), 0);
  const totalStake = parlay ? amount : amount * picks.length;

  const bet = useSportsBet(token, amount, { onDone: (r) => onBalance(r.balance) });

  async function place() {
    if (busy || picks.length === 0) return;
    if (amount < game.minBet) return alert(t`최소 베팅금액은 ${game.minBet.toLocaleString('en-US')}입니다.`);
    setBusy(true);
    const bets = parlay ? [picks] : picks.map((p) => [p]);
    let placed = 0;
    for (const legs of bets) {
      if (!(await bet.submit(legs))) break;
      placed++;
    }
    setBusy(false);
    if (placed === 0) return;
    if (placed === bets.length) {
      setOpen(false);
      setStake('');
      onPlaced();
    }
    await alert(t`${placed}건의 베팅이 완료되었습니다.`);
  }

  if (picks.length === 0) return null;
  return (
    <>
      <button type="button" className={css.slipBar} onClick={() => setOpen(true)} data-testid="slip-bar">
        <span className={css.slipCount}>{picks.length}</span>
        <span>
          <Trans>베팅 슬립</Trans>
        </span>
        <b className={css.slipOdds}>{picks.length > 1 ? `×${odds.toFixed(2)}` : `×${picks[0].odds.toFixed(2)}`}</b>
      </button>
      <BottomSheet open={open} title={<Trans>베팅 슬립</Trans>} onClose={() => setOpen(false)}>
        <div className={css.slip} data-testid="bet-slip">
          {picks.length > 1 && (
            <Tabs<Mode>
              tabs={[
                { key: 'single', label: t`단폴 (${picks.length}건)` },
                { key: 'parlay', label: t`다폴 (조합)` },
              ]}
              value={mode}
              onChange={setMode}
            />
          )}
          <ul className={css.legs}>
            {picks.map((p) => (
              <li key={p.eventId}>
                <span className={css.legText}>
                  <b>{p.side}</b>
                  <small>{p.label}</small>
                </span>
                <b className={css.legOdds}>{p.odds.toFixed(2)}</b>
                <button type="button" className={css.remove} onClick={() => onRemove(p.eventId)} aria-label={t`삭제`}>
                  ✕
                </button>
              </li>
            ))}
          </ul>
          <MoneyInput label={parlay || picks.length === 1 ? t`베팅금액` : t`베팅금액 (건당)`} value={stake} onChange={setStake} quickAmounts={limits.betQuickAmounts} />
          <dl className={css.sums}>
            {parlay && (
              <div>
                <dt>
                  <Trans>조합 배당</Trans>
                </dt>
                <dd data-testid="slip-odds">{odds.toFixed(2)}</dd>
              </div>
            )}
            <div>
              <dt>
                <Trans>총 베팅금액</Trans>
              </dt>
              <dd>
                <Money value={totalStake} />
              </dd>
            </div>
            <div>
              <dt>
                <Trans>예상 당첨금</Trans>
              </dt>
              <dd className={css.expected} data-testid="slip-win">
                <Money value={win} />
              </dd>
            </div>
          </dl>
          <button type="button" className={css.place} disabled={busy || amount === 0} onClick={() => void place()}>
            {busy ? <Trans>베팅 중…</Trans> : <Trans>베팅하기</Trans>}
          </button>
        </div>
      </BottomSheet>
    </>
  );
}
