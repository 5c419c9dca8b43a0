import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../../contract/codes';
import { categoryName } from '../../../entities/bet/betCodes';
import { RateFields } from '../../../entities/rate/RateFields';
import { isAccountNumber, isBankName, isCashOutPass, isHolder, isMemId, isNickname, isPassword, isPhone } from '../../../../contract/validate';
import { apiMessage } from '../../../lib/apiMessage';
import { alert } from '../../../lib/dialogs';
import { useCreatePartner } from '../../../entities/partner/writes';
import { partnerLevelName } from '../../../entities/partner/levelNames';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { partnerRatesQueryOptions } from '../../../entities/partner/createQueries';
import { bankQueryOptions } from '../../../entities/site/bankQueries';
import { useDupCheck } from './useDupCheck';
import css from './Create.module.css';
import { useApi } from '../../../lib/useApi';

const blank = { memId: '', memPass: '', memNick: '', cashOutPass: '', bank: '', bankAcc: '', memName: '', memPhone: '' };
type Form = typeof blank;
type Rates = Record<string, { pointRate: string; loseRate: string }>;
const unset = { pointRate: '0.0', loseRate: '0.0' };

const field = (c: ApiError['code']) => apiMessage(new ApiError(c));

/**
 * A new partner under the recommender with rates inside the parent's bounds: a partner's is a
 * request the operator approves; the operator's (`atOnce`, recommenderId '' for the house) exists at once.
 */
export function PartnerForm({
  prefix,
  me,
  recommenderId,
  newLevel,
  onDone,
  atOnce = false,
}: {
  prefix: string;
  me: string;
  recommenderId: string;
  newLevel: string;
  onDone: () => void;
  atOnce?: boolean;
}) {
  const api = useApi();
  const { t, i18n } = useLingui();
  const [f, setF] = useState<Form>(blank);
  const [rates, setRates] = useState<Rates>({});
  const idCheck = useDupCheck('id');
  const nickCheck = useDupCheck('nick');
  const banks = useQuery(bankQueryOptions(api, prefix));
  const bounds = useQuery(partnerRatesQueryOptions(api, prefix, me, recommenderId)).data?.rateMaxMinList ?? [];

  const set = (k: keyof Form) => (e: { target: { value: string } }) => {
    let v = e.target.value;
    if (k === 'cashOutPass') v = v.replace(/\D/g, '').slice(0, 4);
    if (k === 'bankAcc') v = v.replace(/\D/g, '');
    if (k === 'memId') idCheck.reset();
    if (k === 'memNick') nickCheck.reset();
    setF((old) => ({ ...old, [k]: v }));
  };
  const rate = (code: string, kind: 'pointRate' | 'loseRate') => rates[code]?.[kind] ?? unset[kind];
  const setRate = (code: string, kind: 'pointRate' | 'loseRate', v: string) => setRates((r) => ({ ...r, [code]: { ...unset, ...r[code], [kind]: v } }));

  function firstProblem(): string | null {
    for (const b of bounds) {
      const name = categoryName(b.vendorCode);
      const p = rate(b.vendorCode, 'pointRate');
      const l = rate(b.vendorCode, 'loseRate');
      if (p === '' || !Number.isFinite(Number(p)) || Number(p) < b.minPointRate || Number(p) > b.maxPointRate) return t`${name} 롤링 요율을 확인해 주세요.`;
      if (l === '' || !Number.isFinite(Number(l)) || Number(l) < b.minLoseRate || Number(l) > b.maxLoseRate) return t`${name} 루징 요율을 확인해 주세요.`;
    }
    if (!isMemId(f.memId.trim())) return field('U101');
    if (!f.memPass) return field('U119');
    if (!isPassword(f.memPass)) return field('U102');
    if (!isNickname(f.memNick)) return field('U105');
    if (!isCashOutPass(f.cashOutPass)) return field('U103');
    if (!isBankName(f.bank)) return field('U115');
    if (!isAccountNumber(f.bankAcc)) return field('U117');
    if (!isHolder(f.memName.trim())) return field('U116');
    if (!isPhone(f.memPhone.trim())) return field('U114');
    if (idCheck.state !== 'available') return t`아이디 중복확인을 해 주세요.`;
    if (nickCheck.state !== 'available') return t`닉네임 중복확인을 해 주세요.`;
    return null;
  }

  const write = useCreatePartner({
    onDone: async (r) => {
      const memId = r.memId;
      await alert(r.status === 1 ? t`파트너가 만들어졌습니다. 아이디: ${memId}` : t`하위 파트너 생성 신청이 완료되었습니다. 관리자 승인 후 가입이 완료됩니다.`);
      setF(blank);
      setRates({});
      idCheck.reset();
      nickCheck.reset();
      onDone();
    },
  });

  async function submit() {
    const problem = firstProblem();
    if (problem) return alert(problem);
    await write.submit({
      ...f,
      memId: f.memId.trim(),
      memName: f.memName.trim(),
      memPhone: f.memPhone.trim(),
      recommenderId,
      partnerLevel: newLevel,
      rateList: bounds.map((b) => ({ category: b.vendorCode, pointRate: rate(b.vendorCode, 'pointRate'), loseRate: rate(b.vendorCode, 'loseRate') })),
    });
  }

  return (
    <form className={css.form} onSubmit={(e) => (e.preventDefault(), void submit())} data-testid="partner-form">
      <p className={css.note}>
        {atOnce ? (
          <Trans>{partnerLevelName(newLevel)} 등급으로 바로 만들어집니다. 요율은 상위 요율을 넘을 수 없습니다.</Trans>
        ) : (
          <Trans>{partnerLevelName(newLevel)} 등급으로 신청합니다. 관리자 승인 후 가입이 완료됩니다.</Trans>
        )}
      </p>
      <RateFields
        head={<Trans>게임</Trans>}
        rows={bounds.map((b) => ({
          ...b,
          key: b.vendorCode,
          name: categoryName(b.vendorCode),
          pointRate: rate(b.vendorCode, 'pointRate'),
          loseRate: rate(b.vendorCode, 'loseRate'),
        }))}
        onChange={setRate}
      />
      <TextField
        label={<Trans>아이디</Trans>}
        name="memId"
        autoComplete="off"
        value={f.memId}
        onChange={set('memId')}
        action={
          <Button onClick={() => void idCheck.run([f.memId.trim()])}>
            <Trans>중복확인</Trans>
          </Button>
        }
        {...idCheck.note()}
      />
      <TextField label={<Trans>비밀번호</Trans>} name="memPass" type="password" autoComplete="new-password" maxLength={20} value={f.memPass} onChange={set('memPass')} />
      <TextField
        label={<Trans>닉네임</Trans>}
        name="memNick"
        maxLength={20}
        value={f.memNick}
        onChange={set('memNick')}
        action={
          <Button onClick={() => void nickCheck.run([f.memNick])}>
            <Trans>중복확인</Trans>
          </Button>
        }
        {...nickCheck.note()}
      />
      <TextField
        label={<Trans>출금 비밀번호</Trans>}
        name="cashOutPass"
        type="password"
        inputMode="numeric"
        maxLength={4}
        value={f.cashOutPass}
        onChange={set('cashOutPass')}
        hint={<Trans>숫자 4자리</Trans>}
      />
      <div className={css.two}>
        <SelectField label={<Trans>은행</Trans>} name="bank" value={f.bank} onChange={set('bank')}>
          <option value="">{t`선택`}</option>
          {banks.data?.list.map((b) => (
            <option key={b.bankCode} value={b.bankNameKr}>
              {i18n.locale === 'ko' ? b.bankNameKr : b.bankNameEn}
            </option>
          ))}
        </SelectField>
        <TextField label={<Trans>계좌번호</Trans>} name="bankAcc" inputMode="numeric" value={f.bankAcc} onChange={set('bankAcc')} />
      </div>
      <div className={css.two}>
        <TextField label={<Trans>예금주</Trans>} name="memName" value={f.memName} onChange={set('memName')} />
        <TextField label={<Trans>전화번호</Trans>} name="memPhone" inputMode="tel" value={f.memPhone} onChange={set('memPhone')} />
      </div>
      <TextField label={<Trans>추천인</Trans>} value={recommenderId || t`없음 (운영자 직속 최상위 파트너)`} readOnly />
      <Button type="submit" variant="primary" block data-testid="create-partner-submit">
        {atOnce ? <Trans>파트너 만들기</Trans> : <Trans>파트너 생성 신청</Trans>}
      </Button>
    </form>
  );
}
