import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { bankHours, type WrongOutPass } from '../../../contract/cash';
import { limits as specLimits } from '../../../contract/enums';
import { moneyText } from '../../entities/cash/moneyText';
import { useWithdraw } from '../../entities/cash/writes';
import { session } from '../../lib/session/store';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { Money } from '../../widgets/Money';
import { MoneyInput } from '../../ui/MoneyInput';
import { useFormClosed } from './FormClosed';
import { MoneyForm } from '../../widgets/FormClosed';
import { problemText, ruleHint } from './limits';
import { OpenRequestCard } from './OpenRequest';
import { requestReceipt } from './receipts';
import { RequestHistory } from './RequestHistory';
import { ReceiptSheet, type Receipt } from '../../widgets/ReceiptSheet';
import { allOf, amountProblem } from './rules';
import { useCaller } from '../../lib/caller';
import css from './Cash.module.css';
import { useClients } from '../../lib/useApi';

/**
 * Withdrawal (exchange): the bank's hours and an open request on top, the form closed with its
 * reason before any input when it cannot be sent, the amount (never above held cash) with its rule,
 * the password, own requests.
 */
export function Exchange() {
  const clients = useClients();
  const { t } = useLingui();
  const { member } = useSnapshot(session);
  const caller = useCaller();
  const [amount, setAmount] = useState('');
  const [pass, setPass] = useState('');
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const { reason: closed, open, limits } = useFormClosed(-1);
  const cash = member?.cashAmt ?? 0;
  const value = Number(amount) || 0;
  const problem = amountProblem(value, { ...limits.withdraw, held: cash });

  const withdraw = useWithdraw(caller.memId, {
    describe: (err) => {
      const n = err.code === 'C008' ? (err.data as Partial<WrongOutPass> | null)?.triesLeft : undefined;
      return typeof n === 'number' ? t`출금 비밀번호가 틀렸습니다. ${n}번 더 틀리면 출금이 잠시 잠깁니다.` : undefined;
    },
    confirm: (v) => {
      const shown = moneyText(v.value);
      return t`${shown} 출금 신청하시겠습니까?`;
    },
    onDone: (res, v) => (setAmount(''), setPass(''), void requestReceipt(clients, session.site?.prefix ?? '', caller.memId, -1, v.value, res.cashIdx).then(setReceipt)),
  });

  const ready = !closed && !problem && pass.length === 4;

  return (
    <div className={css.page} data-testid="exchange">
      <h1 className={css.title}>
        <Trans>출금 신청</Trans>
      </h1>
      <p className={css.hours} data-active={limits.bankClosed} data-testid="bank-hours">
        <Trans>
          매일 {bankHours.start}~{bankHours.end}은 은행 점검 시간으로 출금 신청을 할 수 없어요.
        </Trans>
      </p>
      {open && <OpenRequestCard row={open} cashType={-1} />}
      <Card>
        <MoneyForm kind="withdrawal" closed={closed} className={css.form} onSubmit={(e) => (e.preventDefault(), ready && void withdraw.submit({ value, pass }))}>
          <div className={css.balance}>
            <span>
              <Trans>보유머니</Trans>
            </span>
            <strong data-testid="balance">
              <Money value={cash} />
            </strong>
          </div>
          <MoneyInput
            label={<Trans>출금 금액</Trans>}
            name="cashAmt"
            value={amount}
            onChange={(v) => (setAmount(v), withdraw.clear('amount'))}
            quickAmounts={specLimits.quickAmounts}
            all={allOf(cash, limits.withdraw.unit)}
            hint={ruleHint({ ...limits.withdraw, held: cash })}
            error={withdraw.fieldErrors.amount ?? (value > 0 && problem ? problemText(problem) : undefined)}
          />
          <TextField
            label={<Trans>출금 비밀번호</Trans>}
            name="cashOutPass"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={pass}
            onChange={(e) => (setPass(e.target.value.replace(/\D/g, '').slice(0, 4)), withdraw.clear('pass'))}
            hint={<Trans>숫자 4자리</Trans>}
            error={withdraw.fieldErrors.pass}
          />
          {withdraw.error && (
            <p className={css.formError} role="alert" data-testid="form-error">
              {withdraw.error}
            </p>
          )}
          <Button type="submit" variant="primary" block disabled={!ready || withdraw.busy} data-testid="submit">
            {withdraw.busy ? <Trans>처리 중…</Trans> : <Trans>출금 신청</Trans>}
          </Button>
        </MoneyForm>
      </Card>
      <RequestHistory cashType={-1} />
      <ReceiptSheet receipt={receipt} onClose={() => setReceipt(null)} />
    </div>
  );
}
