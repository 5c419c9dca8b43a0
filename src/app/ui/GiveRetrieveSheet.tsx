import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { ResOf } from '../../contract/define';
import { adminCalls } from '../../contract/admin';
import { limits } from '../../contract/enums';
import { retailCalls } from '../../contract/retail';
import { api } from '../lib/api';
import { alert, confirm } from '../lib/dialogs';
import { formatMoney } from '../lib/format';
import { applyBalance, refreshMine, refuseMoneyOffline, useMoneyAction } from '../lib/moneyAction';
import { session } from '../lib/session/store';
import { BottomSheet } from './BottomSheet';
import { Button } from './Button';
import { TextField } from './Field';
import { Money } from './Money';
import { MoneyInput } from './MoneyInput';
import { Tabs } from './Tabs';
import css from './GiveRetrieveSheet.module.css';

/** The target's balances after the move (a partner's answer also carries its own). */
export type MoveAnswer = Pick<ResOf<typeof retailCalls.cashIn>, 'memId' | 'cashAmt' | 'pointAmt'> & Partial<ResOf<typeof retailCalls.cashIn>>;
export interface MoneyTarget {
  memId: string;
  memNick?: string;
  /** unknown balances are shown as '-' and left to the server to check */
  cashAmt?: number;
  pointAmt?: number;
}
export type MoveKind = 'cash' | 'point';
export type MoveMode = 'give' | 'retrieve';

interface Props {
  target: MoneyTarget | null;
  kind: MoveKind;
  mode: MoveMode;
  /** a partner moves its own money; the operator grants and recovers against the house */
  by?: 'partner' | 'operator';
  /** the answer (both sides' new balances) on success, nothing when dismissed */
  onClose: (after?: MoveAnswer) => void;
}

/** The one give/retrieve sheet for cash and points, used by every partner list. Open while `target` is set. */
export function GiveRetrieveSheet({ target, kind, mode, by = 'partner', onClose }: Props) {
  const { t } = useLingui();
  const open = target !== null;
  const title = kind === 'cash' ? t`머니 지급/회수` : t`포인트 지급/회수`;
  return (
    <BottomSheet open={open} title={title} onClose={() => open && onClose()}>
      {target && <MoveForm key={`${target.memId}:${kind}`} target={target} kind={kind} initialMode={mode} by={by} onDone={onClose} />}
    </BottomSheet>
  );
}

interface FormProps {
  target: MoneyTarget;
  kind: MoveKind;
  initialMode: MoveMode;
  by: 'partner' | 'operator';
  onDone: (a: MoveAnswer) => void;
}

function send(p: { by: FormProps['by']; kind: MoveKind; mode: MoveMode; memId: string; value: number; note?: string; requestId: string }): Promise<MoveAnswer> {
  const { memId, value, note, requestId } = p;
  const give = p.mode === 'give';
  if (p.by === 'operator') {
    return api(adminCalls.grant, { memId, cashAmt: value, mode: give ? 2 : -2, kind: p.kind, memo: note, requestId });
  }
  if (p.kind === 'point') {
    return api(retailCalls.pointChange, { memId, pointType: give ? 2 : -2, pointAmt: give ? value : -value, pointDesc: note, memo: note, requestId });
  }
  return give
    ? api(retailCalls.cashIn, { memId, inAmt: value, memo: note, inBonusYn: 'N', mode: -3, requestId })
    : api(retailCalls.cashOut, { memId, outAmt: value, memo: note, bonusRollingYn: 'N', mode: 3, requestId });
}

function MoveForm({ target, kind, initialMode, by, onDone }: FormProps) {
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
    if (await refuseMoneyOffline()) return;
    const value = Number(amount);
    if (!value) return alert(t`금액을 입력해 주세요.`);
    if (by === 'partner' && mode === 'give' && value > mine) return alert(t`지급 금액이 보유 머니보다 큽니다.`);
    if (mode === 'retrieve' && theirs !== undefined && value > theirs) return alert(t`회수 금액이 보유 머니보다 큽니다.`);
    const shown = formatMoney(value, site?.cashDecimal ?? 1);
    const ok = await confirm(mode === 'give' ? t`${who}에게 ${shown}을(를) 지급하시겠습니까?` : t`${who}에게서 ${shown}을(를) 회수하시겠습니까?`);
    if (!ok) return;
    const note = memo.trim() || undefined;
    const res = await action.run(`${by}:${kind}:${mode}:${target.memId}:${value}:${note ?? ''}`, (requestId) =>
      send({ by, kind, mode, memId: target.memId, value, note, requestId }),
    );
    if (!res) return;
    if (res.myCashAmt !== undefined && res.myPointAmt !== undefined) applyBalance(res.myCashAmt, res.myPointAmt);
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
          <dd>{theirs === undefined ? '-' : <Money value={theirs} />}</dd>
        </div>
        {by === 'partner' && <div>
          <dt>{kind === 'cash' ? <Trans>내 보유머니</Trans> : <Trans>내 보유포인트</Trans>}</dt>
          <dd><Money value={mine} /></dd>
        </div>}
      </dl>
      <MoneyInput
        label={mode === 'give' ? <Trans>지급 금액</Trans> : <Trans>회수 금액</Trans>}
        value={amount}
        onChange={setAmount}
        quickAmounts={limits.payQuickAmounts}
      />
      <TextField label={<Trans>메모</Trans>} value={memo} maxLength={200} onChange={(e) => setMemo(e.target.value)} />
      <Button type="submit" variant="primary" block disabled={action.busy} data-testid="sheet-submit">
        {action.busy ? <Trans>처리 중…</Trans> : mode === 'give' ? <Trans>지급하기</Trans> : <Trans>회수하기</Trans>}
      </Button>
    </form>
  );
}
