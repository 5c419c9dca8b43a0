import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { useNavigate, useParams } from '@tanstack/react-router';
import { grantRowKey, markFresh, sendRowKey } from '../entities/cash/freshRow';
import { limits } from '../../contract/enums';
import { objectParticle } from '../lib/josa';
import { moneyText } from '../entities/cash/moneyText';
import { applyBalance } from '../lib/session/userCash';
import { session } from '../lib/session/store';
import { useMoveMoney, type MoveAnswer, type MoveBy, type MoveKind, type MoveMode } from '../entities/cash/moves';
import { BottomSheet } from '../ui/BottomSheet';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { Money } from './Money';
import { ReceiptSheet, type Receipt } from './ReceiptSheet';
import { cashTypeName, pointTypeName } from '../entities/cash/codeNames';
import { parseWire } from '../lib/format';
import { MoneyForm } from './FormClosed';
import { MoneyInput } from '../ui/MoneyInput';
import { Tabs } from '../ui/Tabs';
import css from './GiveRetrieveSheet.module.css';
import { Fact, Facts } from '../ui/Facts';

export type { MoveAnswer, MoveKind, MoveMode };
export interface MoneyTarget {
  memId: string;
  memNick?: string;
  /** unknown balances are shown as '-' and left to the server to check */
  cashAmt?: number;
  pointAmt?: number;
}

interface Props {
  target: MoneyTarget | null;
  kind: MoveKind;
  mode: MoveMode;
  /** a partner moves its own money; the operator grants and recovers against the house */
  by?: MoveBy;
  /** the answer (both sides' new balances) on success, nothing when dismissed */
  onClose: (after?: MoveAnswer) => void;
}

/**
 * The one give/retrieve sheet for cash and points, used by every partner list. Open while `target`
 * is set; a done move shows its receipt, and the list hears of it when the receipt is closed.
 */
export function GiveRetrieveSheet({ target, kind, mode, by = 'partner', onClose }: Props) {
  const [done, setDone] = useState<{ after: MoveAnswer; receipt: Receipt } | null>(null);
  if (done) return <ReceiptSheet receipt={done.receipt} onClose={() => (setDone(null), onClose(done.after))} />;
  if (!target) return null;
  return (
    <MoveForm
      key={`${target.memId}:${kind}`}
      target={target}
      kind={kind}
      initialMode={mode}
      by={by}
      onDone={(after, receipt) => setDone({ after, receipt })}
      onDismiss={() => onClose()}
    />
  );
}

interface FormProps {
  target: MoneyTarget;
  kind: MoveKind;
  initialMode: MoveMode;
  by: MoveBy;
  onDone: (a: MoveAnswer, receipt: Receipt) => void;
  onDismiss: () => void;
}

function MoveForm({ target, kind, initialMode, by, onDone, onDismiss }: FormProps) {
  const { t } = useLingui();
  const { member } = useSnapshot(session);
  const { prefix } = useParams({ from: '/$prefix' });
  const navigate = useNavigate();
  const [mode, setMode] = useState<MoveMode>(initialMode);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const unit = kind === 'cash' ? 'cash' : 'point';
  const mine = kind === 'cash' ? (member?.cashAmt ?? 0) : (member?.pointAmt ?? 0);
  const theirs = kind === 'cash' ? target.cashAmt : target.pointAmt;
  const who = target.memNick ? `${target.memId} (${target.memNick})` : target.memId;
  const value = Number(amount) || 0;
  // the payer's holdings bound the amount: the partner's own on a give, the member's on a retrieve
  const held = mode === 'give' ? (by === 'partner' ? mine : undefined) : theirs;
  const over = held !== undefined && value > held;

  const move = useMoveMoney(by, kind, target.memId, {
    say: 'inline',
    confirm: (v) => {
      const shown = moneyText(v.value, unit);
      const obj = objectParticle(shown);
      return v.mode === 'give' ? t`${who}에게 ${shown}${obj} 지급하시겠습니까?` : t`${who}에게서 ${shown}${obj} 회수하시겠습니까?`;
    },
    onDone: (res, v) => {
      if (res.myCashAmt !== undefined && res.myPointAmt !== undefined) applyBalance(res.myCashAmt, res.myPointAmt);
      const give = v.mode === 'give';
      const title = give ? t`지급했어요` : t`회수했어요`;
      const toHistory = () => {
        if (by === 'operator') {
          // the operator's grants and recoveries are rows of the audit log
          markFresh('audit', grantRowKey(target.memId, kind, give ? 2 : -2, v.value));
          return void navigate({ to: '/$prefix/admin/audit', params: { prefix } });
        }
        // a partner's cash move is a row of its give/retrieve history, a point move one of the sub-partner point history
        if (kind === 'cash') {
          markFresh('moneyMove', sendRowKey(give ? '-3' : '3', target.memId, v.value));
          return void navigate({ to: '/$prefix/partnerMoneyMoveList', params: { prefix } });
        }
        markFresh('subPoint', sendRowKey(give ? '2' : '-2', target.memId, v.value));
        void navigate({ to: '/$prefix/subpartnerPointList', params: { prefix } });
      };
      // named as the history names the row; a partner's points have no code of their own for the giver's side
      const kindName =
        by === 'operator'
          ? (kind === 'cash' ? cashTypeName : pointTypeName)(give ? 2 : -2)
          : kind === 'cash'
            ? cashTypeName(give ? -3 : 3)
            : give
              ? t`포인트 지급`
              : t`포인트 회수`;
      // the answer names the ledger row the move wrote: the receipt takes that row's number and time
      onDone(res, {
        title,
        kind: kindName,
        amount: v.value,
        unit,
        counterparty: who,
        at: parseWire(res.regDate),
        reference: `#${res.logIdx}`,
        toHistory,
      });
    },
  });

  const heldText = held === undefined ? '' : moneyText(held, unit);
  const overText = mode === 'give' ? t`내 보유 ${heldText}보다 많이 지급할 수 없습니다` : t`대상 보유 ${heldText}보다 많이 회수할 수 없습니다`;
  const blocked = !value ? t`금액을 입력해 주세요` : over ? overText : null;
  const submit = () => !blocked && void move.submit({ mode, value, note: memo.trim() || undefined });
  const action = move.busy ? t`처리 중…` : (blocked ?? (mode === 'give' ? t`지급하기` : t`회수하기`));

  return (
    <BottomSheet
      open
      title={kind === 'cash' ? t`머니 지급/회수` : t`포인트 지급/회수`}
      onClose={onDismiss}
      dirty={amount !== '' || memo !== ''}
      footer={
        <Button
          type="submit"
          form="give-retrieve-form"
          variant="primary"
          block
          className={blocked ? css.reason : undefined}
          disabled={!!blocked || move.busy}
          data-testid="sheet-submit"
        >
          {action}
        </Button>
      }
    >
      <MoneyForm kind="give" id="give-retrieve-form" className={css.form} onSubmit={(e) => (e.preventDefault(), submit())} data-testid="give-retrieve-sheet">
        <Tabs
          tabs={[
            { key: 'give', label: t`지급` },
            { key: 'retrieve', label: t`회수` },
          ]}
          value={mode}
          onChange={(m) => (setMode(m), setAmount(''), move.clear())}
        />
        <Facts strong boxed className={css.facts}>
          <Fact label={<Trans>대상</Trans>} data-testid="sheet-target">
            {who}
          </Fact>
          <Fact label={kind === 'cash' ? <Trans>대상 보유머니</Trans> : <Trans>대상 보유포인트</Trans>}>{theirs === undefined ? '-' : <Money value={theirs} unit={unit} />}</Fact>
          {by === 'partner' && (
            <Fact label={kind === 'cash' ? <Trans>내 보유머니</Trans> : <Trans>내 보유포인트</Trans>}>
              <Money value={mine} unit={unit} />
            </Fact>
          )}
        </Facts>
        <MoneyInput
          label={mode === 'give' ? <Trans>지급 금액</Trans> : <Trans>회수 금액</Trans>}
          name="amount"
          value={amount}
          onChange={(v) => (setAmount(v), move.clear())}
          quickAmounts={limits.payQuickAmounts}
          all={held}
          error={move.fieldErrors.amount ?? (over ? overText : undefined)}
        />
        <TextField label={<Trans>메모</Trans>} value={memo} maxLength={200} onChange={(e) => setMemo(e.target.value)} />
        {move.error && (
          <p className={css.error} role="alert" data-testid="form-error">
            {move.error}
          </p>
        )}
      </MoneyForm>
    </BottomSheet>
  );
}
