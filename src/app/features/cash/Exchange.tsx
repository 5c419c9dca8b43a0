import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { cashCalls } from '../../../contract/cash';
import { api } from '../../lib/api';
import { alert, confirm } from '../../lib/dialogs';
import { formatKst, formatMoney } from '../../lib/format';
import { refreshMine, refuseMoneyOffline, useMoneyAction } from '../../lib/moneyAction';
import { session } from '../../lib/session/store';
import { useCashSwitch } from '../../lib/site';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { MoneyInput } from '../../ui/MoneyInput';
import { RequestHistory } from './RequestHistory';
import { limits } from '../../../contract/enums';
import css from './Cash.module.css';

/** The device's view of the bank window; the server's clock decides (C210). */
const inBankWindow = () => {
  const hm = formatKst(Date.now(), 'HH:mm');
  return hm >= '23:30' || hm < '00:30';
};

/** Withdrawal (exchange): balance, amount (never above held cash), withdrawal password, own requests. */
export function Exchange() {
  const { t } = useLingui();
  const { member, site } = useSnapshot(session);
  const [amount, setAmount] = useState('');
  const [pass, setPass] = useState('');
  const action = useMoneyAction();
  const { withdrawalBanned } = useCashSwitch(useParams({ from: '/$prefix' }).prefix);
  const cash = member?.cashAmt ?? 0;
  const suspended = member?.outAmtYn !== 'Y';
  const tooMuch = () => alert(t`출금 금액이 보유머니보다 큽니다.`);

  async function apply() {
    if (await refuseMoneyOffline()) return;
    if (suspended) return alert(t`출금이 정지된 상태입니다.`);
    const value = Number(amount);
    if (!value) return alert(t`출금 금액을 입력해 주세요.`);
    if (value > cash) return tooMuch();
    if (!pass) return alert(t`출금 비밀번호를 입력해 주세요.`);
    const shown = formatMoney(value, site?.cashDecimal ?? 1);
    if (!(await confirm(t`${shown} 출금 신청하시겠습니까?`))) return;
    const done = await action.run(`withdraw:${value}:${pass}`, (requestId) =>
      api(cashCalls.withdraw, { memId: member?.memId, cashType: -1, cashStatus: 'out', cashAmt: value, cashOutPass: pass, requestId }),
    );
    if (!done) return;
    setAmount('');
    setPass('');
    refreshMine();
    await alert(t`출금 신청이 완료되었습니다.`);
  }

  return (
    <div className={css.page} data-testid="exchange">
      <h1 className={css.title}><Trans>출금 신청</Trans></h1>
      {suspended && <p className={css.notice} role="alert"><Trans>출금이 정지된 상태입니다. 고객센터에 문의해 주세요.</Trans></p>}
      <p className={css.notice} data-active={inBankWindow()}>
        <Trans>매일 23:30~00:30은 은행 점검 시간으로 출금 신청을 할 수 없습니다.</Trans>
      </p>
      <Card>
        <form className={css.form} onSubmit={(e) => (e.preventDefault(), void apply())}>
          <div className={css.balance}>
            <span><Trans>보유머니</Trans></span>
            <strong data-testid="balance"><Money value={cash} /></strong>
          </div>
          {withdrawalBanned ? (
            <p className={css.notice} role="alert" data-testid="cash-ban">
              <Trans>현재 사이트 출금이 중지되었습니다. 잠시 후 다시 이용해 주세요.</Trans>
            </p>
          ) : (
            <>
              <MoneyInput
                label={<Trans>출금 금액</Trans>}
                value={amount}
                onChange={setAmount}
                quickAmounts={limits.quickAmounts}
                onQuick={(next) => (next > cash ? (void tooMuch(), false) : true)}
              />
              <TextField
                label={<Trans>출금 비밀번호</Trans>}
                name="cashOutPass"
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={pass}
                onChange={(e) => setPass(e.target.value.replace(/\D/g, '').slice(0, 4))}
                hint={<Trans>숫자 4자리</Trans>}
              />
              <Button type="submit" variant="primary" block disabled={action.busy || suspended}>
                <Trans>출금 신청</Trans>
              </Button>
            </>
          )}
        </form>
      </Card>
      <RequestHistory cashType={-1} />
    </div>
  );
}
