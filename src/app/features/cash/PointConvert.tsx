import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { limits as specLimits } from '../../../contract/enums';
import { parseWire } from '../../lib/format';
import { markFresh } from '../../entities/cash/freshRow';
import { moneyText } from '../../entities/cash/moneyText';
import { usePointConvert } from '../../entities/cash/writes';
import { applyBalance } from '../../lib/session/userCash';
import { session } from '../../lib/session/store';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Money } from '../../widgets/Money';
import { MoneyInput } from '../../ui/MoneyInput';
import { problemText, ruleHint } from './limits';
import { latestMove, pointListQueryOptions } from '../../entities/cash/queries';
import { allOf, amountProblem, waitLeft } from './rules';
import { useCaller } from '../../lib/caller';
import css from './Cash.module.css';
import { Fact, Facts } from '../../ui/Facts';
import { ReceiptSheet, type Receipt } from '../../widgets/ReceiptSheet';
import { MoneyForm, offlineReason } from '../../widgets/FormClosed';
import { useClients } from '../../lib/useApi';

const MIN = specLimits.pointConversionMin;

/** Seconds until the next conversion is allowed (once a minute), ticking down from the last one. */
function useSecondsLeft(lastAt: number | null) {
  const [now, setNow] = useState(() => Date.now());
  const left = waitLeft(lastAt, now);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setNow(Date.now()), Math.min(left, 1000));
    return () => clearTimeout(id);
  }, [left, now]);
  return Math.ceil(left / 1000);
}

/** Point conversion: at least 10,000, never above the points held, once a minute; each rule said before submit. */
export function PointConvert() {
  const clients = useClients();
  const { api } = clients;
  const { t } = useLingui();
  const { prefix } = useParams({ from: '/$prefix' });
  const { member, online } = useSnapshot(session);
  const caller = useCaller();
  const closed = online ? null : offlineReason('points');
  const [amount, setAmount] = useState('');
  const navigate = useNavigate();
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const points = member?.pointAmt ?? 0;
  const value = Number(amount) || 0;
  const last = useQuery(pointListQueryOptions(api, prefix, caller.memId, 'out', null, 1)).data?.list[0];
  const seconds = useSecondsLeft(last ? parseWire(last.regDt) : null);
  const problem = amountProblem(value, { min: MIN, held: points });

  const convert = usePointConvert({
    confirm: (v) => {
      const shown = moneyText(v, 'point');
      return t`${shown}를 머니로 전환하시겠습니까?`;
    },
    onDone: async (res, v) => {
      applyBalance(res.cashAmt, res.pointAmt);
      setAmount('');
      // the answer has no row number: the money history's newest row (the conversion's credit) gives the reference and time
      const row = await latestMove(clients, session.site?.prefix ?? '', caller.memId);
      setReceipt({
        title: t`포인트를 머니로 전환했어요`,
        amount: v,
        unit: 'point',
        counterparty: t`내 보유머니`,
        at: row ? parseWire(row.regDate) : null,
        reference: row?.reference ?? '-',
        toHistory: () => (markFresh('pointConvert', 'latest'), void navigate({ to: '/$prefix/pointuselist', params: { prefix } })),
      });
    },
  });

  const blocked = closed ? t`전환 신청` : seconds > 0 ? t`${seconds}초 후 다시 전환할 수 있습니다` : problem && problemText(problem, 'point');
  const rule = ruleHint({ min: MIN }, 'point');

  return (
    <Card>
      <MoneyForm kind="points" closed={closed} className={css.form} onSubmit={(e) => (e.preventDefault(), !blocked && void convert.submit(value))} data-testid="point-convert">
        <Facts strong className={css.facts}>
          <Fact label={<Trans>보유 포인트</Trans>} data-testid="points-left">
            <Money value={points} unit="point" />
          </Fact>
          <Fact label={<Trans>전환 후 남는 포인트</Trans>}>
            <Money value={Math.max(0, points - value)} unit="point" />
          </Fact>
          <Fact label={<Trans>받을 머니</Trans>}>
            <Money value={problem ? 0 : value} />
          </Fact>
        </Facts>
        <MoneyInput
          label={<Trans>전환할 포인트</Trans>}
          name="pointAmt"
          value={amount}
          onChange={(v) => (setAmount(v), convert.clear())}
          quickAmounts={specLimits.quickAmounts}
          all={allOf(points)}
          hint={t`${rule}, 1분에 한 번`}
          error={convert.fieldErrors.amount ?? (value > 0 && problem ? problemText(problem, 'point') : undefined)}
        />
        {convert.error && (
          <p className={css.formError} role="alert" data-testid="form-error">
            {convert.error}
          </p>
        )}
        <Button type="submit" variant="primary" block className={blocked ? css.reason : undefined} disabled={!!blocked || convert.busy} data-testid="submit">
          {convert.busy ? <Trans>처리 중…</Trans> : blocked || <Trans>전환 신청</Trans>}
        </Button>
      </MoneyForm>
      <ReceiptSheet receipt={receipt} onClose={() => setReceipt(null)} />
    </Card>
  );
}
