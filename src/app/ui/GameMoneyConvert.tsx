import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { gameCalls } from '../../contract/game';
import { api, isApiError } from '../lib/api';
import { apiMessage } from '../lib/apiMessage';
import { alert, confirm } from '../lib/dialogs';
import { newRequestId, refreshMine, refuseMoneyOffline } from '../lib/moneyAction';
import { saveSession, session } from '../lib/session/store';
import { BottomSheet } from './BottomSheet';
import { Button } from './Button';
import { Money } from './Money';
import css from './GameMoneyConvert.module.css';

type State = 'ready' | 'progress' | 'complete' | 'fail';

/** Integrated money: every vendor's game money back to cash, after a confirmation; the result in a modal. */
export function GameMoneyConvert({ block }: { block?: boolean }) {
  const { t } = useLingui();
  const { member } = useSnapshot(session);
  const [state, setState] = useState<State>('ready');
  const [result, setResult] = useState<{ moved: number; cashAmt: number } | null>(null);
  const [failure, setFailure] = useState('');

  async function run() {
    if (state === 'progress') return;
    if (!(await confirm(t`게임머니를 보유머니로 전환하시겠습니까?`))) return;
    if (await refuseMoneyOffline()) return;
    setState('progress');
    try {
      const r = await api(gameCalls.changeMemCashFlag, { requestId: newRequestId() });
      if (session.member) {
        session.member.cashAmt = r.cashAmt;
        session.member.gameAmt = r.gameAmt;
        session.syncedAt = Date.now();
        saveSession();
      }
      refreshMine();
      setResult({ moved: r.moved, cashAmt: r.cashAmt });
      setState('complete');
    } catch (err) {
      // a round still open at the vendor: the server's own words as the warning, the translated text in the result
      if (isApiError(err, 'C009')) await alert(err.message);
      setFailure(apiMessage(err));
      setState('fail');
    }
  }

  const close = () => state !== 'progress' && setState('ready');
  const title = { ready: '', progress: t`전환 중`, complete: t`전환 완료`, fail: t`전환 실패` }[state];
  return (
    <>
      <Button variant="primary" block={block} onClick={() => void run()} disabled={state === 'progress'} data-testid="convert-game-money">
        <Trans>통합머니 전환</Trans>
      </Button>
      <BottomSheet open={state !== 'ready'} title={title} onClose={close}>
        <div className={css.body} data-testid="convert-result" data-state={state}>
          {state === 'progress' && (
            <p className={css.progress} role="status">
              <span className={css.spinner} aria-hidden />
              <Trans>게임머니를 전환하고 있습니다…</Trans>
            </p>
          )}
          {state === 'complete' && result && (
            <dl className={css.facts}>
              <div><dt><Trans>전환 금액</Trans></dt><dd><Money value={result.moved} /></dd></div>
              <div><dt><Trans>보유머니</Trans></dt><dd><Money value={result.cashAmt} /></dd></div>
              <div><dt><Trans>게임머니</Trans></dt><dd><Money value={member?.gameAmt} /></dd></div>
            </dl>
          )}
          {state === 'fail' && <p className={css.fail} role="alert">{failure}</p>}
          <Button variant="primary" block disabled={state === 'progress'} onClick={close}>
            <Trans>확인</Trans>
          </Button>
        </div>
      </BottomSheet>
    </>
  );
}
