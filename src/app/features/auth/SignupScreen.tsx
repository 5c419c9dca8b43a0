import { useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../contract/codes';
import { apiMessage } from '../../lib/apiMessage';
import { alert } from '../../lib/dialogs';
import { useSignup } from '../../entities/member/signupWrite';
import { session } from '../../lib/session/store';
import { Button, buttonClass } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { LanguageSelect } from '../../widgets/LanguageSelect';
import { SiteBrand } from '../../entities/site/SiteBrand';
import { recommenderQueryOptions } from '../../entities/member/signupQueries';
import { bankQueryOptions } from '../../entities/site/bankQueries';
import { BadSignupLink } from './BadSignupLink';
import { ListSkeleton } from '../../ui/ListSkeleton';
import { emptyForm, fieldOfCode, firstProblem, type DupState, type SignupForm } from './signup';
import { useDuplicateCheck } from './useDuplicateCheck';
import css from './Signup.module.css';
import { useApi } from '../../lib/useApi';

type Recommender = { memId: string; memNick: string };

/** Signup: the plain form, or from a partner's link (`?ref=`) the form with that partner fixed as the recommender. */
export function SignupScreen() {
  const { ref } = useSearch({ from: '/$prefix/signup' });
  return ref === undefined ? <SignupForm /> : <LinkedSignup recommenderId={ref} />;
}

function LinkedSignup({ recommenderId }: { recommenderId: string }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const rec = useQuery(recommenderQueryOptions(api, prefix, recommenderId));
  if (rec.data) return <SignupForm recommender={rec.data} />;
  return <SignupFrame>{rec.isError ? <BadSignupLink error={rec.error} retrying={rec.isFetching} onRetry={() => void rec.refetch()} /> : <ListSkeleton rows={3} />}</SignupFrame>;
}

function SignupFrame({ children }: { children: ReactNode }) {
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  return (
    <main className={css.page}>
      <div className={css.bar}>
        <Link to="/$prefix" params={{ prefix }} className={buttonClass('ghost')} aria-label={t`뒤로`}>
          ‹
        </Link>
        <h1>
          <Trans>회원가입</Trans>
        </h1>
        <LanguageSelect />
      </div>
      {/* whose site the player joins, as on its login page */}
      <div className={css.brand}>
        <SiteBrand testId="signup-brand" heading={false} />
      </div>
      {children}
    </main>
  );
}

function SignupForm({ recommender }: { recommender?: Recommender }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { prefix } = useParams({ from: '/$prefix' });
  const navigate = useNavigate();
  const { t } = useLingui();
  const banks = useQuery(bankQueryOptions(api, prefix));
  const [f, setF] = useState<SignupForm>(() => ({ ...emptyForm, recommenderId: recommender?.memId ?? '' }));
  const [errors, setErrors] = useState<Partial<Record<keyof SignupForm, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const idCheck = useDuplicateCheck('id');
  const nickCheck = useDuplicateCheck('nick');

  const set = (k: keyof SignupForm) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    let v = e.target.value;
    if (k === 'cashOutPass') v = v.replace(/\D/g, '').slice(0, 4);
    if (k === 'bankacc') v = v.replace(/\D/g, '');
    if (k === 'memPhone') v = v.replace(/[^\d-]/g, '');
    if (k === 'memId') idCheck.reset();
    if (k === 'memNick') nickCheck.reset();
    if (k === 'recommenderId') setRecChecked(null);
    setF((prev) => ({ ...prev, [k]: v }));
    setErrors((prev) => ({ ...prev, [k]: undefined }));
  };

  // a refusal is said beside its field (read out by its role), which takes the focus: never a dialog after the tap
  function show(field: keyof SignupForm, message: string) {
    setErrors({ [field]: message });
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  // the recommender typed by hand is checked as the field is left, with the same call a signup link uses
  const [recChecked, setRecChecked] = useState<Recommender | null>(null);
  async function checkRecommender(): Promise<boolean> {
    const id = f.recommenderId.trim();
    if (recommender || (recChecked && recChecked.memId === id)) return true;
    if (!id) return false;
    try {
      const found = await queryClient.fetchQuery(recommenderQueryOptions(api, prefix, id));
      // the field may have changed while the answer came
      if (formRef.current?.querySelector<HTMLInputElement>('[name="recommenderId"]')?.value.trim() === id) setRecChecked(found);
      return true;
    } catch (err) {
      setErrors((prev) => ({ ...prev, recommenderId: apiMessage(err) }));
      return false;
    }
  }

  const write = useSignup({
    onRefused: async (err) => {
      // the link's partner stopped taking members since the page opened: its link is no good now
      if (recommender && (err.code === 'U107' || err.code === 'U108')) {
        await alert(apiMessage(err));
        await queryClient.invalidateQueries({ queryKey: recommenderQueryOptions(api, prefix, recommender.memId).queryKey });
        return true;
      }
      const field = fieldOfCode[err.code];
      if (field) show(field, apiMessage(err));
      return !!field;
    },
    onDone: async (res) => {
      await alert(res.status === 'PENDING' ? t`가입 신청이 완료되었습니다. 승인 후 이용할 수 있습니다.` : t`회원가입이 완료되었습니다. 로그인해 주세요.`);
      await navigate({ to: '/$prefix', params: { prefix }, replace: true });
    },
  });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const problem = firstProblem(f, idCheck.state, nickCheck.state);
    if (problem === 'checkId') return show('memId', t`아이디 중복확인을 해 주세요.`);
    if (problem === 'checkNick') return show('memNick', t`닉네임 중복확인을 해 주세요.`);
    if (problem) return show(fieldOfCode[problem] ?? 'memId', apiMessage(new ApiError(problem)));
    if (!(await checkRecommender())) return formRef.current?.querySelector<HTMLElement>('[name="recommenderId"]')?.focus();
    await write.submit(f);
  }

  const dupNote = (s: DupState, ok: string, taken: string) => (s === 'available' ? { ok } : s === 'taken' ? { error: taken } : {});
  const bankName = (b: { bankNameKr: string; bankNameEn: string }) => (session.language === 'ko' ? b.bankNameKr : b.bankNameEn);

  return (
    <SignupFrame>
      <form ref={formRef} className={css.form} onSubmit={submit} noValidate>
        {recommender && (
          // who invited the player, first thing on the page and not editable
          <section className={`${css.group} ${css.fixed}`} data-testid="signup-recommender">
            <span className={css.fixedLabel}>
              <Trans>추천인</Trans>
            </span>
            <strong className={css.fixedName}>
              {recommender.memNick} <span className={css.fixedId}>({recommender.memId})</span>
            </strong>
            <span className={css.fixedHint}>
              <Trans>가입 링크로 정해진 추천인입니다. 이 회원 아래로 가입합니다.</Trans>
            </span>
          </section>
        )}
        <section className={css.group}>
          <h2 className={css.groupTitle}>
            <Trans>계정</Trans>
          </h2>
          <TextField
            label={t`아이디`}
            name="memId"
            autoComplete="username"
            autoCapitalize="none"
            maxLength={13}
            hint={t`영문, 숫자 4~13자`}
            value={f.memId}
            onChange={set('memId')}
            error={errors.memId}
            {...dupNote(idCheck.state, t`사용 가능한 아이디입니다.`, t`중복된 아이디가 있습니다.`)}
            action={
              <Button onClick={() => idCheck.run(f.memId)}>
                <Trans>중복확인</Trans>
              </Button>
            }
          />
          <TextField
            label={t`비밀번호`}
            name="memPass"
            type="password"
            autoComplete="new-password"
            maxLength={20}
            hint={t`영문, 숫자, !@#$%* 6~20자`}
            value={f.memPass}
            onChange={set('memPass')}
            error={errors.memPass}
          />
          <TextField
            label={t`비밀번호 확인`}
            name="memPassCheck"
            type="password"
            autoComplete="new-password"
            maxLength={20}
            value={f.memPassCheck}
            onChange={set('memPassCheck')}
            error={errors.memPassCheck}
          />
          <TextField
            label={t`닉네임`}
            name="memNick"
            maxLength={20}
            hint={t`3~20자`}
            value={f.memNick}
            onChange={set('memNick')}
            error={errors.memNick}
            {...dupNote(nickCheck.state, t`사용 가능한 닉네임입니다.`, t`중복된 닉네임이 있습니다.`)}
            action={
              <Button onClick={() => nickCheck.run(f.memNick)}>
                <Trans>중복확인</Trans>
              </Button>
            }
          />
          <TextField
            label={t`휴대폰 번호`}
            name="memPhone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="010-0000-0000"
            value={f.memPhone}
            onChange={set('memPhone')}
            error={errors.memPhone}
          />
        </section>
        <section className={css.group}>
          <h2 className={css.groupTitle}>
            <Trans>출금 계좌</Trans>
          </h2>
          <TextField label={t`예금주`} name="memName" autoComplete="name" value={f.memName} onChange={set('memName')} error={errors.memName} />
          <SelectField label={t`은행`} name="bank" value={f.bank} onChange={set('bank')} error={errors.bank}>
            <option value="">{t`은행을 선택하세요`}</option>
            {banks.data?.list.map((b) => (
              <option key={b.bankCode} value={b.bankNameKr}>
                {bankName(b)}
              </option>
            ))}
          </SelectField>
          <TextField label={t`계좌번호`} name="bankacc" inputMode="numeric" hint={t`숫자만 입력`} value={f.bankacc} onChange={set('bankacc')} error={errors.bankacc} />
          <TextField
            label={t`출금 비밀번호`}
            name="cashOutPass"
            type="password"
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            hint={t`숫자 4자리`}
            value={f.cashOutPass}
            onChange={set('cashOutPass')}
            error={errors.cashOutPass}
          />
        </section>
        {!recommender && (
          <section className={css.group}>
            <TextField
              label={t`추천인`}
              name="recommenderId"
              autoCapitalize="none"
              value={f.recommenderId}
              onChange={set('recommenderId')}
              onBlur={() => void checkRecommender()}
              error={errors.recommenderId}
              ok={recChecked && recChecked.memId === f.recommenderId.trim() ? t`추천인 ${recChecked.memNick} (${recChecked.memId})` : undefined}
            />
          </section>
        )}
        <div className={css.actions}>
          <Button type="submit" variant="primary" block>
            <Trans>가입하기</Trans>
          </Button>
        </div>
      </form>
    </SignupFrame>
  );
}
