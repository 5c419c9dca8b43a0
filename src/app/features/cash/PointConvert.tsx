import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { pointCalls } from '../../../contract/point';
import { api } from '../../lib/api';
import { alert, confirm } from '../../lib/dialogs';
import { formatMoney } from '../../lib/format';
import { applyBalance, refreshMine, refuseMoneyOffline, useMoneyAction } from '../../lib/moneyAction';
import { session } from '../../lib/session/store';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Money } from '../../ui/Money';
import { MoneyInput } from '../../ui/MoneyInput';
import { limits } from '../../../contract/enums';
import css from './Cash.module.css';

/** Point conversion request: at least 10,000, never above the points held, confirmed first. */
export function PointConvert() {
  const { t } = useLingui();
  const { member, site } = useSnapshot(session);
  const [amount, setAmount] = useState('');
  const action = useMoneyAction();
  const points = member?.pointAmt ?? 0;
  const value = Number(amount) || 0;

  const notEnough = () => {
    setAmount('');
    void alert(t`보유 포인트가 부족합니다.`);
  };
  const change = (raw: string) => (Number(raw) > points ? notEnough() : setAmount(raw));

  async function apply() {
    if (await refuseMoneyOffline()) return;
    if (!value) return alert(t`전환할 포인트를 입력해 주세요.`);
    if (value > points) return notEnough();
    const min = formatMoney(limits.pointConversionMin, site?.cashDecimal ?? 1);
    if (value < limits.pointConversionMin) return alert(t`최소 ${min} 포인트부터 전환할 수 있습니다.`);
    const shown = formatMoney(value, site?.cashDecimal ?? 1);
    if (!(await confirm(t`${shown} 포인트를 머니로 전환하시겠습니까?`))) return;
    const res = await action.run(`convert:${value}`, (requestId) => api(pointCalls.convert, { pointAmt: value, requestId }));
    if (!res) return;
    applyBalance(res.cashAmt, res.pointAmt);
    setAmount('');
    refreshMine();
    await alert(t`포인트 전환이 완료되었습니다.`);
  }

  return (
    <Card>
      <form className={css.form} onSubmit={(e) => (e.preventDefault(), void apply())} data-testid="point-convert">
        <dl className={css.facts}>
          <div><dt><Trans>보유 포인트</Trans></dt><dd data-testid="points-left"><Money value={points} /></dd></div>
          <div><dt><Trans>전환 포인트</Trans></dt><dd><Money value={value} /></dd></div>
          <div><dt><Trans>전환 후 남는 포인트</Trans></dt><dd><Money value={Math.max(0, points - value)} /></dd></div>
        </dl>
        <MoneyInput label={<Trans>전환할 포인트</Trans>} value={amount} onChange={change} quickAmounts={limits.pointQuickAmounts} onQuick={(next) => next <= points || (notEnough(), false)} />
        <div className={css.row}>
          <Button onClick={() => setAmount(points > 0 ? String(points) : '')}><Trans>전액</Trans></Button>
          <span className={css.sum}><Trans>최소 10,000 포인트, 1분에 한 번 전환할 수 있습니다.</Trans></span>
        </div>
        <Button type="submit" variant="primary" block disabled={action.busy}>
          <Trans>전환 신청</Trans>
        </Button>
      </form>
    </Card>
  );
}
