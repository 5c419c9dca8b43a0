import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { partnerCalls } from '../../../contract/partner';
import { isApiError } from '../../lib/api';
import { limits } from '../../../contract/enums';
import { kstDay } from '../../lib/dayRange';
import { objectParticle } from '../../lib/josa';
import { moneyText } from '../../entities/cash/moneyText';
import { parseWire } from '../../lib/format';
import { cashTypeName } from '../../entities/cash/codeNames';
import { session } from '../../lib/session/store';
import { useIssueCoupon } from '../../entities/coupon/writes';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { MoneyInput } from '../../ui/MoneyInput';
import type { Receipt } from '../../widgets/ReceiptSheet';
import { MoneyForm } from '../../widgets/FormClosed';
import css from './Coupons.module.css';
import { useApi } from '../../lib/useApi';

export type Issuer = 'operator' | 'partner';
type Target = 'member' | 'subtree' | 'all';

const MAX_PER_MEMBER = 100;

/**
 * The coupon issue form as parts: its fields and its submit button, so the operator's page shows
 * them in a card and a partner's sheet puts the button in its footer. `memId` fixes the receiver
 * (a member's detail): then only "this member" or "its downline" can be chosen.
 */
export function useCouponIssueForm({ by, memId: fixed, formId, onDone }: { by: Issuer; memId?: string; formId: string; onDone: (r: Receipt) => void }) {
  const api = useApi();
  const { t } = useLingui();
  const { member } = useSnapshot(session);
  const [target, setTarget] = useState<Target>('member');
  const [memId, setMemId] = useState(fixed ?? '');
  const [amount, setAmount] = useState('');
  const [count, setCount] = useState('1');
  const [expireDay, setExpireDay] = useState(() => kstDay(-7));
  const [memo, setMemo] = useState('');

  const value = Number(amount) || 0;
  const cnt = Number(count) || 0;
  const perMember = value * cnt;
  // a partner pays from its own cash: one receiver's coupons at least must fit (the server counts the rest)
  const balance = by === 'partner' ? (member?.cashAmt ?? 0) : undefined;
  const over = balance !== undefined && perMember > balance;
  const who = memId.trim();

  // the receiver is looked up before the confirm: an id the caller cannot issue to is said beside its field
  const [missing, setMissing] = useState<string | null>(null);
  const [found, setFound] = useState<string | null>(null);
  const missingText = by === 'operator' ? t`회원을 찾을 수 없습니다` : t`하위 회원이 아닙니다`;
  const lookUp = async (id: string): Promise<boolean> => {
    if (!id || id === fixed || id === found) return true;
    try {
      await api(partnerCalls.detailInfo, { memId: id });
      setFound(id);
      return true;
    } catch (err) {
      if (isApiError(err, 'A002') || isApiError(err, 'U001')) {
        setMissing(id);
        return false;
      }
      return true; // offline or a failure: the write itself says so
    }
  };

  const issue = useIssueCoupon(by, {
    say: 'inline',
    confirm: (v) => {
      const each = moneyText(v.amount);
      const total = moneyText(v.amount * v.count);
      const obj = objectParticle(total);
      if (v.target === 'member') return t`${v.memId}님 1명에게 ${each} 쿠폰 ${v.count}장, 모두 ${total}${obj} 발급할까요?`;
      const whom = v.target === 'subtree' ? t`${v.memId}님의 하위 회원 모두` : by === 'operator' ? t`전체 회원` : t`내 하위 회원 모두`;
      return t`${whom}에게 ${each} 쿠폰을 ${v.count}장씩, 한 명에 ${total}${obj} 발급할까요? 받는 인원만큼 총액이 늘어납니다.`;
    },
    onDone: (r, v) => {
      const counterparty = v.target === 'member' ? v.memId : v.target === 'subtree' ? t`${v.memId}님의 하위 ${r.memberCnt}명` : t`${r.memberCnt}명`;
      onDone({
        title: t`${r.memberCnt}명에게 쿠폰 ${r.couponCnt}장을 발급했어요`,
        amount: r.totalAmt,
        counterparty,
        at: parseWire(r.regDate),
        kind: cashTypeName(-5),
        reference: `#${r.issueIdx}`,
      });
      setAmount('');
      setMemo('');
      if (!fixed) setMemId('');
    },
  });

  const overText = t`내 보유 ${moneyText(balance ?? 0)}보다 많이 발급할 수 없습니다`;
  const needsMember = target !== 'all';
  const unknown = needsMember && !!who && missing === who;
  const blocked =
    needsMember && !who
      ? t`받을 회원을 입력해 주세요`
      : unknown
        ? missingText
        : !value
          ? t`금액을 입력해 주세요`
          : cnt < 1 || cnt > MAX_PER_MEMBER
            ? t`장수는 1~100장입니다`
            : over
              ? t`보유머니가 부족합니다`
              : null;
  const submit = async () => {
    if (blocked || (needsMember && !(await lookUp(who)))) return;
    await issue.submit({ target, memId: who, amount: value, count: cnt, expireDay, memo: memo.trim() });
  };
  const dirty = amount !== '' || memo !== '' || (!fixed && memId !== '');

  const targets: { key: Target; label: string }[] = fixed
    ? [
        { key: 'member', label: t`${fixed}님에게` },
        { key: 'subtree', label: t`${fixed}님의 하위 회원 모두에게` },
      ]
    : [
        { key: 'member', label: by === 'operator' ? t`회원 한 명` : t`하위 회원 한 명` },
        { key: 'subtree', label: t`한 파트너의 하위 회원 모두` },
        { key: 'all', label: by === 'operator' ? t`전체 회원` : t`내 하위 회원 모두` },
      ];

  const fields = (
    <MoneyForm kind="couponIssue" id={formId} className={css.form} onSubmit={(e) => (e.preventDefault(), void submit())} data-testid="coupon-issue-form">
      <SelectField label={<Trans>받는 사람</Trans>} value={target} onChange={(e) => (setTarget(e.target.value as Target), issue.clear())} data-testid="coupon-target">
        {targets.map((o) => (
          <option key={o.key} value={o.key}>
            {o.label}
          </option>
        ))}
      </SelectField>
      {needsMember && !fixed && (
        <TextField
          label={target === 'member' ? <Trans>회원 아이디</Trans> : <Trans>파트너 아이디</Trans>}
          value={memId}
          maxLength={40}
          autoCapitalize="off"
          autoComplete="off"
          onChange={(e) => (setMemId(e.target.value), setMissing(null), issue.clear('memId'))}
          onBlur={() => void lookUp(who)}
          error={issue.fieldErrors.memId ?? (unknown ? missingText : undefined)}
          data-testid="coupon-mem-id"
        />
      )}
      <MoneyInput
        label={<Trans>쿠폰 한 장 금액</Trans>}
        name="couponAmt"
        value={amount}
        onChange={(v) => (setAmount(v), issue.clear('amount'))}
        quickAmounts={limits.payQuickAmounts}
        error={issue.fieldErrors.amount ?? (over ? overText : undefined)}
        hint={balance !== undefined ? <Trans>내 보유머니 {moneyText(balance)}에서 발급됩니다</Trans> : undefined}
      />
      <div className={css.pair}>
        <TextField
          label={<Trans>한 명당 장수</Trans>}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PER_MEMBER}
          value={count}
          onChange={(e) => (setCount(e.target.value), issue.clear('count'))}
          error={issue.fieldErrors.count}
          data-testid="coupon-count"
        />
        <TextField
          label={<Trans>사용 기한</Trans>}
          type="date"
          min={kstDay(0)}
          value={expireDay}
          onChange={(e) => (e.target.value && setExpireDay(e.target.value), issue.clear('expire'))}
          error={issue.fieldErrors.expire}
          data-testid="coupon-expire"
        />
      </div>
      {perMember > 0 && (
        <p className={css.sum} data-testid="coupon-per-member">
          <Trans>
            한 명에 {moneyText(perMember)} ({cnt}장)
          </Trans>
        </p>
      )}
      <TextField label={<Trans>메모</Trans>} value={memo} maxLength={200} onChange={(e) => setMemo(e.target.value)} />
      {issue.error && (
        <p className={css.error} role="alert" data-testid="form-error">
          {issue.error}
        </p>
      )}
    </MoneyForm>
  );
  const button = (
    <Button type="submit" form={formId} variant="primary" block disabled={!!blocked || issue.busy} data-testid="coupon-issue-submit">
      {issue.busy ? t`처리 중…` : (blocked ?? t`쿠폰 발급하기`)}
    </Button>
  );
  return { fields, button, dirty };
}
