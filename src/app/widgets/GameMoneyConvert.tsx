import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { gameCalls } from '../../contract/game';
import { api } from '../lib/api';
import { session } from '../lib/session/store';
import { applyGameMoney } from '../lib/session/userCash';
import { useWrite } from '../lib/write/useWrite';
import { BottomSheet } from '../ui/BottomSheet';
import { Button } from '../ui/Button';
import { Money } from './Money';
import css from './GameMoneyConvert.module.css';
import { Fact, Facts } from '../ui/Facts';

/** Integrated money: every vendor's game money back to cash, after a confirmation; progress and result in a sheet. */
export function GameMoneyConvert({ block }: { block?: boolean }) {
  const { t } = useLingui();
  const { member } = useSnapshot(session);
  const [shown, setShown] = useState(false);
  const [result, setResult] = useState<{ moved: number; cashAmt: number } | null>(null);
  const convert = useWrite({
    money: true,
    say: 'inline',
    overlay: false,
    sig: () => 'game-money',
    confirm: () => t`게임머니를 보유머니로 전환하시겠습니까?`,
    run: (_: undefined, requestId) => {
      setResult(null);
      setShown(true);
      return api(gameCalls.changeMemCashFlag, { requestId });
    },
    onDone: (r) => {
      applyGameMoney(r.cashAmt, r.gameAmt);
      setResult({ moved: r.moved, cashAmt: r.cashAmt });
    },
  });
  const state = convert.busy ? 'progress' : result ? 'complete' : convert.error ? 'fail' : 'ready';
  const close = () => !convert.busy && (setShown(false), setResult(null), convert.clear());
  const title = { ready: '', progress: t`전환 중`, complete: t`전환 완료`, fail: t`전환 실패` }[state];
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
          {state === 'complete' && result && (
            <Facts strong boxed className={css.facts}>
              <Fact label={<Trans>전환 금액</Trans>}>
                <Money value={result.moved} />
              </Fact>
              <Fact label={<Trans>보유머니</Trans>}>
                <Money value={result.cashAmt} />
              </Fact>
              <Fact label={<Trans>게임머니</Trans>}>
                <Money value={member?.gameAmt} />
              </Fact>
            </Facts>
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
    </>
  );
}
