import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { limits as specLimits } from '../../../contract/enums';
import { moneyText } from '../../entities/cash/moneyText';
import { useDeposit } from '../../entities/cash/writes';
import { session } from '../../lib/session/store';
import { useAskDepositAccount } from '../../entities/board/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Money } from '../../widgets/Money';
import { MoneyInput } from '../../ui/MoneyInput';
import { useFormClosed } from './FormClosed';
import { MoneyForm } from '../../widgets/FormClosed';
import { problemText, ruleHint } from './limits';
import { OpenRequestCard } from './OpenRequest';
import { requestReceipt } from './receipts';
import { RequestHistory } from './RequestHistory';
import { ReceiptSheet, type Receipt } from '../../widgets/ReceiptSheet';
import { amountProblem } from './rules';
import { useCaller } from '../../lib/caller';
import css from './Cash.module.css';
import { useClients } from '../../lib/useApi';

/** Deposit (charge): an open request on top, the amount with its rule, the guide, own requests. */
export function Charge() {
  const clients = useClients();
  const { t } = useLingui();
  const { member } = useSnapshot(session);
  const caller = useCaller();
  const [amount, setAmount] = useState('');
  const [asked, setAsked] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const { reason: closed, open, limits } = useFormClosed(1);
  const value = Number(amount) || 0;
  const problem = amountProblem(value, limits.deposit);

  const deposit = useDeposit(caller.memId, {
    confirm: (v) => {
      const shown = moneyText(v);
      return t`${shown} 입금 신청하시겠습니까?`;
    },
    onDone: (res, v) => (setAmount(''), void requestReceipt(clients, session.site?.prefix ?? '', caller.memId, 1, v, res.cashIdx).then(setReceipt)),
  });
  const ask = useAskDepositAccount(caller.memId, member?.memName, {
    say: 'inline',
    onDone: () => setAsked(true),
  });

  const ready = !closed && !problem;

  async function apply() {
    if (ready) await deposit.submit(value);
  }

  return (
    <div className={css.page} data-testid="charge">
      <h1 className={css.title}>
        <Trans>입금 신청</Trans>
      </h1>
      {open && <OpenRequestCard row={open} cashType={1} />}
      <Card>
        <MoneyForm kind="deposit" closed={closed} className={css.form} onSubmit={(e) => (e.preventDefault(), void apply())}>
          <div className={css.balance}>
            <span>
              <Trans>보유머니</Trans>
            </span>
            <strong data-testid="balance">
              <Money value={member?.cashAmt} />
            </strong>
          </div>
          <MoneyInput
            label={<Trans>입금 금액</Trans>}
            name="cashAmt"
            value={amount}
            onChange={(v) => (setAmount(v), deposit.clear())}
            quickAmounts={specLimits.quickAmounts}
            hint={ruleHint(limits.deposit)}
            error={deposit.fieldErrors.amount ?? (value > 0 && problem ? problemText(problem) : undefined)}
          />
          {deposit.error && (
            <p className={css.formError} role="alert" data-testid="form-error">
              {deposit.error}
            </p>
          )}
          <Button type="submit" variant="primary" block disabled={!ready || deposit.busy} data-testid="submit">
            {deposit.busy ? <Trans>처리 중…</Trans> : <Trans>입금 신청</Trans>}
          </Button>
        </MoneyForm>
      </Card>
      <Card title={<Trans>입금 안내</Trans>}>
        <ul className={css.guide}>
          <li>
            <Trans>입금 전 반드시 계좌 문의로 입금 계좌를 확인해 주세요.</Trans>
          </li>
          <li>
            <Trans>입금자명과 회원 예금주명이 같아야 처리됩니다.</Trans>
          </li>
          <li>
            <Trans>입금 후 신청하시면 확인 후 보유머니에 반영됩니다.</Trans>
          </li>
          <li>
            <Trans>23:30~00:30 은행 점검 시간에는 처리가 늦어질 수 있습니다.</Trans>
          </li>
        </ul>
        <div className={css.row} style={{ marginTop: 'var(--space-3)' }}>
          <Button disabled={ask.busy || asked} onClick={() => void ask.submit()}>
            <Trans>계좌 문의</Trans>
          </Button>
          {asked && (
            <p className={css.done} role="status">
              <Trans>계좌 문의로 등록되었습니다.</Trans>
            </p>
          )}
          {ask.error && (
            <p className={css.formError} role="alert">
              {ask.error}
            </p>
          )}
        </div>
      </Card>
      <RequestHistory cashType={1} />
      <ReceiptSheet receipt={receipt} onClose={() => setReceipt(null)} />
    </div>
  );
}
