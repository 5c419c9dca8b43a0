import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../../contract/codes';
import { validateSignup } from '../../../../contract/validate';
import { apiMessage } from '../../../lib/apiMessage';
import { alert } from '../../../lib/dialogs';
import { useCreateMember } from '../../../entities/partner/writes';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { SortLinks } from '../../../ui/SortLinks';
import { groupSuffixes } from './group';
import { bankQueryOptions } from '../../../entities/site/bankQueries';
import { useDupCheck } from './useDupCheck';
import css from './Create.module.css';
import { useApi } from '../../../lib/useApi';

const blank = { memId: '', memPass: '', memPassCheck: '', memNick: '', memPhone: '', memName: '', bank: '', bankacc: '', cashOutPass: '', startNum: '', endNum: '' };
type Form = typeof blank;

/** A member under the recommender: one, or a numbered group of up to 10. */
export function MemberForm({ prefix, recommenderId, onDone }: { prefix: string; recommenderId: string; onDone: () => void }) {
  const api = useApi();
  const { t, i18n } = useLingui();
  const [mode, setMode] = useState<'single' | 'group'>('single');
  const [f, setF] = useState<Form>(blank);
  const idCheck = useDupCheck('id');
  const nickCheck = useDupCheck('nick');
  const banks = useQuery(bankQueryOptions(api, prefix));
  const group = mode === 'group';

  const set = (k: keyof Form) => (e: { target: { value: string } }) => {
    let v = e.target.value;
    if (k === 'cashOutPass') v = v.replace(/\D/g, '').slice(0, 4);
    if (k === 'bankacc' || k === 'startNum' || k === 'endNum') v = v.replace(/\D/g, '');
    if (k === 'memId' || k === 'startNum' || k === 'endNum') idCheck.reset();
    if (k === 'memNick' || k === 'startNum' || k === 'endNum') nickCheck.reset();
    setF((old) => ({ ...old, [k]: v }));
  };
  /** The values a group makes (or the single value). */
  function values(base: string): string[] | null {
    if (!group) return [base.trim()];
    const g = groupSuffixes(f.startNum, f.endNum);
    if ('error' in g) return (void alert(g.error), null);
    return base.trim() ? g.suffixes.map((s) => `${base.trim()}${s}`) : [''];
  }
  const check = (kind: 'id' | 'nick') => {
    const v = values(kind === 'id' ? f.memId : f.memNick);
    if (v) void (kind === 'id' ? idCheck : nickCheck).run(v);
  };

  // a group's refusal and success say how many (`count` members)
  const write = useCreateMember({
    describe: (err) => (group ? `${t`확인 후 다시 시도해 주세요.`}\n${apiMessage(err)}` : undefined),
    onDone: async (_, { count }) => {
      await alert(group ? t`${count}명의 회원가입이 완료되었습니다.` : t`회원가입이 완료되었습니다.`);
      setF(blank);
      idCheck.reset();
      nickCheck.reset();
      onDone();
    },
  });

  async function submit() {
    const ids = values(f.memId);
    const nicks = values(f.memNick);
    if (!ids || !nicks) return;
    const code = validateSignup({ ...f, memId: ids[0], memNick: nicks[0], recommenderId });
    if (code) return alert(apiMessage(new ApiError(code)));
    if (idCheck.state !== 'available') return alert(t`아이디 중복확인을 해 주세요.`);
    if (nickCheck.state !== 'available') return alert(t`닉네임 중복확인을 해 주세요.`);
    await write.submit({
      count: ids.length,
      body: {
        memId: f.memId.trim(),
        memPass: f.memPass,
        memPassCheck: f.memPassCheck,
        memNick: f.memNick,
        memPhone: f.memPhone,
        memName: f.memName.trim(),
        bank: f.bank,
        bankacc: f.bankacc,
        cashOutPass: f.cashOutPass,
        recommenderId,
        memLevel: '1',
        partSendYn: 'N',
        firstBetConfYn: 'N',
        memStatus: '0',
        ...(group ? { groupYn: 'Y', startNum: f.startNum, endNum: f.endNum } : {}),
      },
    });
  }

  const checkButton = (kind: 'id' | 'nick') => (
    <Button onClick={() => check(kind)} data-testid={`check-${kind}`}>
      <Trans>중복확인</Trans>
    </Button>
  );
  return (
    <form className={css.form} onSubmit={(e) => (e.preventDefault(), void submit())} data-testid="member-form">
      <SortLinks
        label={t`가입 방식`}
        options={[
          { key: 'single', label: t`단일 회원` },
          { key: 'group', label: t`그룹 회원` },
        ]}
        value={mode}
        onChange={(m) => (setMode(m), idCheck.reset(), nickCheck.reset())}
      />
      {group && (
        <div className={css.range}>
          <TextField label={<Trans>시작 번호</Trans>} name="startNum" inputMode="numeric" value={f.startNum} onChange={set('startNum')} />
          <TextField label={<Trans>끝 번호</Trans>} name="endNum" inputMode="numeric" value={f.endNum} onChange={set('endNum')} hint={<Trans>최대 10명</Trans>} />
        </div>
      )}
      <TextField
        label={group ? <Trans>아이디 (번호 앞부분)</Trans> : <Trans>아이디</Trans>}
        name="memId"
        autoComplete="off"
        value={f.memId}
        onChange={set('memId')}
        action={checkButton('id')}
        {...idCheck.note()}
      />
      <div className={css.two}>
        <TextField label={<Trans>비밀번호</Trans>} name="memPass" type="password" autoComplete="new-password" maxLength={20} value={f.memPass} onChange={set('memPass')} />
        <TextField
          label={<Trans>비밀번호 확인</Trans>}
          name="memPassCheck"
          type="password"
          autoComplete="new-password"
          maxLength={20}
          value={f.memPassCheck}
          onChange={set('memPassCheck')}
        />
      </div>
      <TextField
        label={group ? <Trans>닉네임 (번호 앞부분)</Trans> : <Trans>닉네임</Trans>}
        name="memNick"
        maxLength={20}
        value={f.memNick}
        onChange={set('memNick')}
        action={checkButton('nick')}
        {...nickCheck.note()}
      />
      <div className={css.two}>
        <TextField label={<Trans>전화번호</Trans>} name="memPhone" inputMode="tel" value={f.memPhone} onChange={set('memPhone')} />
        <TextField label={<Trans>예금주</Trans>} name="memName" value={f.memName} onChange={set('memName')} />
      </div>
      <div className={css.two}>
        <SelectField label={<Trans>은행</Trans>} name="bank" value={f.bank} onChange={set('bank')}>
          <option value="">{t`선택`}</option>
          {banks.data?.list.map((b) => (
            <option key={b.bankCode} value={b.bankNameKr}>
              {i18n.locale === 'ko' ? b.bankNameKr : b.bankNameEn}
            </option>
          ))}
        </SelectField>
        <TextField label={<Trans>계좌번호</Trans>} name="bankacc" inputMode="numeric" value={f.bankacc} onChange={set('bankacc')} />
      </div>
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
      <TextField label={<Trans>추천인</Trans>} value={recommenderId} readOnly />
      <Button type="submit" variant="primary" block data-testid="create-member-submit">
        {group ? <Trans>그룹 회원 생성</Trans> : <Trans>회원 생성</Trans>}
      </Button>
    </form>
  );
}
