import { useState } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { markFresh } from '../entities/cash/freshRow';
import { applyGameMoney } from '../lib/session/userCash';
import { useGameMoneyToCash } from '../entities/cash/writes';
import { BottomSheet } from '../ui/BottomSheet';
import { Button } from '../ui/Button';
import { ReceiptSheet, type Receipt } from './ReceiptSheet';
import { latestMove } from '../entities/cash/queries';
import { parseWire } from '../lib/format';
import { useCaller } from '../lib/caller';
import css from './GameMoneyConvert.module.css';
import { useClients } from '../lib/useApi';

/** Integrated money: every vendor's game money back to cash, after a confirmation; progress or refusal in a sheet, then the receipt. */
export function GameMoneyConvert({ block }: { block?: boolean }) {
  const clients = useClients();
  const { t } = useLingui();
  const { prefix } = useParams({ from: '/$prefix' });
  const navigate = useNavigate();
  const caller = useCaller();
  const [shown, setShown] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const convert = useGameMoneyToCash(() => setShown(true), {
    say: 'inline',
    confirm: () => t`게임머니를 보유머니로 전환하시겠습니까?`,
    onDone: async (r) => {
      applyGameMoney(r.cashAmt, r.gameAmt);
      // its row in the money history gives the receipt its reference and time; nothing moved, no row
      const row = r.moved > 0 ? await latestMove(clients, prefix, caller.memId) : null;
      setShown(false);
      setReceipt({
        title: t`게임머니를 보유머니로 옮겼어요`,
        amount: r.moved,
        counterparty: t`모든 게임사의 게임머니`,
        at: row ? parseWire(row.regDate) : null,
        reference: row?.reference ?? '-',
        toHistory: row ? () => (markFresh('cashMove', row.reference), void navigate({ to: '/$prefix/moveList', params: { prefix } })) : undefined,
      });
    },
  });
  const state = convert.busy ? 'progress' : convert.error ? 'fail' : 'ready';
  const close = () => !convert.busy && (setShown(false), convert.clear());
  const title = { ready: '', progress: t`전환 중`, fail: t`전환 실패` }[state];
  return (
    <>
      <Button variant="primary" block={block} onClick={() => void convert.submit(undefined)} disabled={convert.busy} data-testid="convert-game-money">
        <Trans>통합머니 전환</Trans>
      </Button>
      {!shown && convert.error && (
        <p className={css.fail} role="alert">
          {convert.error}
        </p>
      )}
      <BottomSheet open={shown && state !== 'ready'} title={title} onClose={close}>
        <div className={css.body} data-testid="convert-result" data-state={state}>
          {state === 'progress' && (
            <p className={css.progress} role="status">
              <span className={css.spinner} aria-hidden />
              <Trans>게임머니를 전환하고 있습니다…</Trans>
            </p>
          )}
          {state === 'fail' && (
            <p className={css.fail} role="alert">
              {convert.error}
            </p>
          )}
          <Button variant="primary" block disabled={state === 'progress'} onClick={close}>
            <Trans>확인</Trans>
          </Button>
        </div>
      </BottomSheet>
      <ReceiptSheet receipt={receipt} onClose={() => setReceipt(null)} />
    </>
  );
}
