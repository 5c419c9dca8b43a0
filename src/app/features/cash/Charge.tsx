import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { boardCalls } from '../../../contract/board';
import { cashCalls } from '../../../contract/cash';
import { api } from '../../lib/api';
import { alert, confirm, withLoading } from '../../lib/dialogs';
import { formatMoney } from '../../lib/format';
import { moneyErrorMessage, refreshMine, refuseMoneyOffline, useMoneyAction } from '../../lib/moneyAction';
import { session } from '../../lib/session/store';
import { useCashSwitch } from '../../lib/site';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Money } from '../../ui/Money';
import { MoneyInput } from '../../ui/MoneyInput';
import { RequestHistory } from './RequestHistory';
import { limits } from '../../../contract/enums';
import css from './Cash.module.css';

/** Deposit (charge): guidance, account inquiry, balance, amount, apply, own requests. */
export function Charge() {
  const { t } = useLingui();
  const { member, site } = useSnapshot(session);
  const [amount, setAmount] = useState('');
  const action = useMoneyAction();
  const { depositBanned } = useCashSwitch(useParams({ from: '/$prefix' }).prefix);

  async function askAccount() {
    if (!(await confirm(t`입금 계좌를 문의하시겠습니까?`))) return;
    if (await refuseMoneyOffline()) return;
    try {
      await withLoading(
        api(boardCalls.save.faq, {
          faqType: 'bankaccount', category: '', memId: member?.memId, memName: member?.memName,
          title: t`계좌 문의`, content: t`입금 계좌 문의입니다.`,
        }),
      );
      await alert(t`계좌 문의로 등록되었습니다.`);
    } catch (err) {
      await alert(moneyErrorMessage(err));
    }
  }

  async function apply() {
    if (await refuseMoneyOffline()) return;
    const value = Number(amount);
    if (!value) return alert(t`입금 금액을 입력해 주세요.`);
    const shown = formatMoney(value, site?.cashDecimal ?? 1);
    if (!(await confirm(t`${shown} 입금 신청하시겠습니까?`))) return;
    const done = await action.run(`deposit:${value}`, (requestId) =>
      api(cashCalls.deposit, { memId: member?.memId, cashType: 1, cashStatus: 'in', cashAmt: value, requestId }),
    );
    if (!done) return;
    setAmount('');
    refreshMine();
    await alert(t`입금 신청이 완료되었습니다.`);
  }

  return (
    <div className={css.page} data-testid="charge">
      <h1 className={css.title}><Trans>입금 신청</Trans></h1>
      <Card title={<Trans>입금 안내</Trans>}>
        <ul className={css.guide}>
          <li><Trans>입금 전 반드시 계좌 문의로 입금 계좌를 확인해 주세요.</Trans></li>
          <li><Trans>입금자명과 회원 예금주명이 같아야 처리됩니다.</Trans></li>
          <li><Trans>입금 후 신청하시면 확인 후 보유머니에 반영됩니다.</Trans></li>
          <li><Trans>23:30~00:30 은행 점검 시간에는 처리가 늦어질 수 있습니다.</Trans></li>
        </ul>
        <div className={css.row} style={{ marginTop: 'var(--space-3)' }}>
          <Button onClick={() => void askAccount()}><Trans>계좌 문의</Trans></Button>
        </div>
      </Card>
      <Card>
        <form className={css.form} onSubmit={(e) => (e.preventDefault(), void apply())}>
          <div className={css.balance}>
            <span><Trans>보유머니</Trans></span>
            <strong data-testid="balance"><Money value={member?.cashAmt} /></strong>
          </div>
          {depositBanned ? (
            <p className={css.notice} role="alert" data-testid="cash-ban">
              <Trans>현재 사이트 입금이 중지되었습니다. 잠시 후 다시 이용해 주세요.</Trans>
            </p>
          ) : (
            <>
              <MoneyInput label={<Trans>입금 금액</Trans>} value={amount} onChange={setAmount} quickAmounts={limits.quickAmounts} />
              <Button type="submit" variant="primary" block disabled={action.busy}>
                <Trans>입금 신청</Trans>
              </Button>
            </>
          )}
        </form>
      </Card>
      <RequestHistory cashType={1} />
    </div>
  );
}
