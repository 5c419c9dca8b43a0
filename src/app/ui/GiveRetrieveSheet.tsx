import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { ResOf } from '../../contract/define';
import { retailCalls } from '../../contract/retail';
import { api } from '../lib/api';
import { alert, confirm } from '../lib/dialogs';
import { formatMoney } from '../lib/format';
import { applyBalance, refreshMine, useMoneyAction } from '../lib/moneyAction';
import { session } from '../lib/session/store';
import { BottomSheet } from './BottomSheet';
import { Button } from './Button';
import { TextField } from './Field';
import { Money } from './Money';
import { MoneyInput } from './MoneyInput';
import { Tabs } from './Tabs';
import css from './GiveRetrieveSheet.module.css';

export type MoveAnswer = ResOf<typeof retailCalls.cashIn>;
export interface MoneyTarget {
  memId: string;
  memNick?: string;
  cashAmt: number;
  pointAmt: number;
}
export type MoveKind = 'cash' | 'point';
export type MoveMode = 'give' | 'retrieve';

export const PAY_QUICK = [1_000, 5_000, 10_000, 50_000, 100_000, 1_000_000, 5_000_000] as const;

interface Props {
  target: MoneyTarget | null;
  kind: MoveKind;
  mode: MoveMode;
  /** the answer (both sides' new balances) on success, nothing when dismissed */
  onClose: (after?: MoveAnswer) => void;
}

/** The one give/retrieve sheet for cash and points, used by every partner list. Open while `target` is set. */
export function GiveRetrieveSheet({ target, kind, mode, onClose }: Props) {
  const { t } = useLingui();
  const open = target !== null;
  const title = kind === 'cash' ? t`머니 지급/회수` : t`포인트 지급/회수`;
  return (
    <BottomSheet open={open} title={title} onClose={() => open && onClose()}>
      {target && <MoveForm key={`${target.memId}:${kind}`} target={target} kind={kind} initialMode={mode} onDone={onClose} />}
    </BottomSheet>
  );
}

function MoveForm({ target, kind, initialMode, onDone }: { target: MoneyTarget; kind: MoveKind; initialMode: MoveMode; onDone: (a: MoveAnswer) => void }) {
  const { t } = useLingui();
  const { member, site } = useSnapshot(session);
  const [mode, setMode] = useState<MoveMode>(initialMode);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const action = useMoneyAction();
  const mine = kind === 'cash' ? (member?.cashAmt ?? 0) : (member?.pointAmt ?? 0);
  const theirs = kind === 'cash' ? target.cashAmt : target.pointAmt;
  const who = target.memNick ? `${target.memId} (${target.memNick})` : target.memId;

  async function submit() {
    const value = Number(amount);
    if (!value) return alert(t`금액을 입력해 주세요.`);
    if (mode === 'give' && value > mine) return alert(t`지급 금액이 보유 머니보다 큽니다.`);
    if (mode === 'retrieve' && value > theirs) return alert(t`회수 금액이 보유 머니보다 큽니다.`);
    const shown = formatMoney(value, site?.cashDecimal ?? 1);
    const ok = await confirm(mode === 'give' ? t`${who}에게 ${shown}을(를) 지급하시겠습니까?` : t`${who}에게서 ${shown}을(를) 회수하시겠습니까?`);
    if (!ok) return;
    const note = memo.trim() || undefined;
    const res = await action.run(`${kind}:${mode}:${target.memId}:${value}:${note ?? ''}`, (requestId) => {
      if (kind === 'point') {
        return api(retailCalls.pointChange, {
          memId: target.memId, pointType: mode === 'give' ? 2 : -2, pointAmt: mode === 'give' ? value : -value,
          pointDesc: note, memo: note, requestId,
        });
      }
      return mode === 'give'
        ? api(retailCalls.cashIn, { memId: target.memId, inAmt: value, memo: note, inBonusYn: 'N', mode: -3, requestId })
        : api(retailCalls.cashOut, { memId: target.memId, outAmt: value, memo: note, bonusRollingYn: 'N', mode: 3, requestId });
    });
    if (!res) return;
    applyBalance(res.myCashAmt, res.myPointAmt);
    refreshMine();
    await alert(mode === 'give' ? t`지급이 완료되었습니다.` : t`회수가 완료되었습니다.`);
    onDone(res);
  }

  return (
    <form className={css.form} onSubmit={(e) => (e.preventDefault(), void submit())} data-testid="give-retrieve-sheet">
      <Tabs
        tabs={[{ key: 'give', label: t`지급` }, { key: 'retrieve', label: t`회수` }]}
        value={mode}
        onChange={(m) => (setMode(m), setAmount(''))}
      />
      <dl className={css.facts}>
        <div><dt><Trans>대상</Trans></dt><dd data-testid="sheet-target">{who}</dd></div>
        <div>
          <dt>{kind === 'cash' ? <Trans>대상 보유머니</Trans> : <Trans>대상 보유포인트</Trans>}</dt>
          <dd><Money value={theirs} /></dd>
        </div>
        <div>
          <dt>{kind === 'cash' ? <Trans>내 보유머니</Trans> : <Trans>내 보유포인트</Trans>}</dt>
          <dd><Money value={mine} /></dd>
        </div>
      </dl>
      <MoneyInput
        label={mode === 'give' ? <Trans>지급 금액</Trans> : <Trans>회수 금액</Trans>}
        value={amount}
        onChange={setAmount}
        quickAmounts={PAY_QUICK}
      />
      <TextField label={<Trans>메모</Trans>} value={memo} maxLength={200} onChange={(e) => setMemo(e.target.value)} />
      <Button type="submit" variant="primary" block disabled={action.busy} data-testid="sheet-submit">
        {action.busy ? <Trans>처리 중…</Trans> : mode === 'give' ? <Trans>지급하기</Trans> : <Trans>회수하기</Trans>}
      </Button>
    </form>
  );
}
