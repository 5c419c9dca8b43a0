import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { cashCalls, type WrongOutPass } from '../../../contract/cash';
import { limits as specLimits } from '../../../contract/enums';
import { api } from '../../lib/api';
import { formatKst } from '../../lib/format';
import { moneyText } from '../../lib/moneyText';
import { session } from '../../lib/session/store';
import { useWrite } from '../../lib/write/useWrite';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { Money } from '../../widgets/Money';
import { MoneyInput } from '../../ui/MoneyInput';
import { problemText, ruleHint, useCashLimits } from './limits';
import { OpenRequestCard, useOpenRequest } from './OpenRequest';
import { RequestHistory } from './RequestHistory';
import { allOf, amountProblem } from './rules';
import { useCaller } from '../../lib/caller';
import css from './Cash.module.css';

/** The device's view of the bank window; the server's clock decides (C210). */
const inBankWindow = () => {
  const hm = formatKst(Date.now(), 'HH:mm');
  return hm >= '23:30' || hm < '00:30';
};

/** Withdrawal (exchange): an open request on top, the amount (never above held cash) with its rule, the password, own requests. */
export function Exchange() {
  const { t } = useLingui();
  const { member } = useSnapshot(session);
  const caller = useCaller();
  const [amount, setAmount] = useState('');
  const [pass, setPass] = useState('');
  const limits = useCashLimits();
  const { open } = useOpenRequest(-1);
  const cash = member?.cashAmt ?? 0;
  const suspended = member?.outAmtYn !== 'Y';
  const value = Number(amount) || 0;
  const problem = amountProblem(value, { ...limits.withdraw, held: cash });

  const withdraw = useWrite({
    money: true,
    say: 'inline',
    fields: {
      C206: 'amount',
      C202: 'amount',
      C214: 'amount',
      C215: 'amount',
      C008: 'pass',
      C010: 'pass',
      C011: 'pass',
    },
    describe: (err) => {
      const n = err.code === 'C008' ? (err.data as Partial<WrongOutPass> | null)?.triesLeft : undefined;
      return typeof n === 'number' ? t`출금 비밀번호가 틀렸습니다. ${n}번 더 틀리면 출금이 잠시 잠깁니다.` : undefined;
    },
    sig: (v: { value: number; pass: string }) => `withdraw:${v.value}:${v.pass}`,
    confirm: (v) => {
      const shown = moneyText(v.value);
      return t`${shown} 출금 신청하시겠습니까?`;
    },
    run: (v, requestId) => api(cashCalls.withdraw, { memId: caller.memId, cashType: -1, cashStatus: 'out', cashAmt: v.value, cashOutPass: v.pass, requestId }),
    onDone: () => (setAmount(''), setPass('')),
  });

  const blocked = limits.withdrawalBanned
    ? t`현재 사이트 출금이 중지되었습니다`
    : suspended
      ? t`출금이 정지된 상태입니다`
      : open
        ? t`처리 중인 출금 신청이 끝나면 신청할 수 있습니다`
        : problem
          ? problemText(problem)
          : pass.length !== 4
            ? t`출금 비밀번호 4자리를 입력해 주세요`
            : null;
  const disabled = !!open || suspended || limits.withdrawalBanned;

  return (
    <div className={css.page} data-testid="exchange">
      <h1 className={css.title}>
        <Trans>출금 신청</Trans>
      </h1>
      {open && <OpenRequestCard row={open} cashType={-1} />}
      {suspended && (
        <p className={css.notice} role="alert">
          <Trans>출금이 정지된 상태입니다. 고객센터에 문의해 주세요.</Trans>
        </p>
      )}
      <Card>
        <form className={css.form} onSubmit={(e) => (e.preventDefault(), !blocked && void withdraw.submit({ value, pass }))}>
          <div className={css.balance}>
            <span>
              <Trans>보유머니</Trans>
            </span>
            <strong data-testid="balance">
              <Money value={cash} />
            </strong>
          </div>
          {limits.withdrawalBanned && (
            <p className={css.notice} role="alert" data-testid="cash-ban">
              <Trans>현재 사이트 출금이 중지되었습니다. 잠시 후 다시 이용해 주세요.</Trans>
            </p>
          )}
          <MoneyInput
            label={<Trans>출금 금액</Trans>}
            name="cashAmt"
            value={amount}
            onChange={(v) => (setAmount(v), withdraw.clear('amount'))}
            quickAmounts={specLimits.quickAmounts}
            all={allOf(cash, limits.withdraw.unit)}
            hint={ruleHint({ ...limits.withdraw, held: cash })}
            error={withdraw.fieldErrors.amount ?? (value > 0 && problem ? problemText(problem) : undefined)}
            disabled={disabled}
          />
          <TextField
            label={<Trans>출금 비밀번호</Trans>}
            name="cashOutPass"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={pass}
            disabled={disabled}
            onChange={(e) => (setPass(e.target.value.replace(/\D/g, '').slice(0, 4)), withdraw.clear('pass'))}
            hint={<Trans>숫자 4자리</Trans>}
            error={withdraw.fieldErrors.pass}
          />
          {withdraw.error && (
            <p className={css.formError} role="alert" data-testid="form-error">
              {withdraw.error}
            </p>
          )}
          <Button type="submit" variant="primary" block className={blocked ? css.reason : undefined} disabled={!!blocked || withdraw.busy} data-testid="submit">
            {withdraw.busy ? <Trans>처리 중…</Trans> : blocked || <Trans>출금 신청</Trans>}
          </Button>
        </form>
      </Card>
      <p className={css.notice} data-active={inBankWindow()}>
        <Trans>매일 23:30~00:30은 은행 점검 시간으로 출금 신청을 할 수 없습니다.</Trans>
      </p>
      <RequestHistory cashType={-1} />
    </div>
  );
}
