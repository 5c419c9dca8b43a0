import { lazy, Suspense, useRef, useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { isPartnerLogin } from '../../../contract/enums';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../contract/codes';
import { pushSupported } from '../../lib/push';
import { apiMessage } from '../../lib/apiMessage';
import { useUpdateAccount } from '../../entities/member/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { changesOf, emptyInfoEdit, fieldOfCode, firstInfoEditProblem, type InfoEditForm } from '../../entities/member/infoEdit';
import { useCaller } from '../../lib/caller';
import { SignupLinkCard } from '../../widgets/SignupLinkCard';
import css from './InfoEdit.module.css';

// only partners and the operator have it, and its parts load with it
const TwoFactorCard = lazy(() => import('./TwoFactorCard'));
const PushCard = lazy(() => import('./PushCard'));

const digits4 = (v: string) => v.replace(/\D/g, '').slice(0, 4);

/** Account edit (infoEdit): id read-only, current password, new password and withdrawal password, each with its confirmation. */
export function InfoEdit() {
  const { t } = useLingui();
  const caller = useCaller();
  const { prefix } = useParams({ from: '/$prefix' });
  const [f, setF] = useState<InfoEditForm>(emptyInfoEdit);
  const [checks, setChecks] = useState<Partial<Record<keyof InfoEditForm, string>>>({});
  const [done, setDone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useUpdateAccount(caller.memId, {
    say: 'inline',
    confirm: (form: InfoEditForm) => {
      const change = changesOf(form);
      return change.pass && change.out ? t`비밀번호와 출금 비밀번호를 변경하시겠습니까?` : change.pass ? t`비밀번호를 변경하시겠습니까?` : t`출금 비밀번호를 변경하시겠습니까?`;
    },
    onDone: () => (setF(emptyInfoEdit), setDone(true)),
  });
  const errors = { ...checks, ...save.fieldErrors };

  const set = (k: keyof InfoEditForm) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = k === 'cashOutPass' || k === 'cashOutPassCheck' ? digits4(e.target.value) : e.target.value;
    setF((prev) => ({ ...prev, [k]: v }));
    setChecks((prev) => ({ ...prev, [k]: undefined }));
    save.clear(k);
    setDone(false);
  };

  // a rule broken before submit is said beside its field, which takes the focus
  function show(field: keyof InfoEditForm, message: string) {
    setChecks({ [field]: message });
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (save.busy) return;
    const problem = firstInfoEditProblem(f);
    if (problem === 'curPass') return show('curPass', t`현재 비밀번호를 입력해 주세요.`);
    if (problem) return show(fieldOfCode[problem] ?? 'memPass', apiMessage(new ApiError(problem)));
    setChecks({});
    await save.submit(f);
  }

  return (
    <div className={css.page} data-testid="info-edit">
      <h1 className={css.title}>
        <Trans>회원정보 수정</Trans>
      </h1>
      <Card>
        <form ref={formRef} className={css.form} onSubmit={(e) => void submit(e)} noValidate>
          <TextField label={<Trans>아이디</Trans>} name="memId" value={caller.memId} readOnly autoComplete="username" />
          <TextField
            label={<Trans>현재 비밀번호</Trans>}
            name="curPass"
            type="password"
            autoComplete="current-password"
            value={f.curPass}
            onChange={set('curPass')}
            error={errors.curPass}
          />
          <p className={css.hint}>
            <Trans>바꾸지 않을 항목은 비워 두세요.</Trans>
          </p>
          <TextField
            label={<Trans>새 비밀번호</Trans>}
            name="memPass"
            type="password"
            autoComplete="new-password"
            maxLength={20}
            value={f.memPass}
            onChange={set('memPass')}
            error={errors.memPass}
            hint={<Trans>영문, 숫자, !@#$%* 6~20자</Trans>}
          />
          <TextField
            label={<Trans>새 비밀번호 확인</Trans>}
            name="memPassCheck"
            type="password"
            autoComplete="new-password"
            maxLength={20}
            value={f.memPassCheck}
            onChange={set('memPassCheck')}
            error={errors.memPassCheck}
          />
          <TextField
            label={<Trans>새 출금 비밀번호</Trans>}
            name="cashOutPass"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={f.cashOutPass}
            onChange={set('cashOutPass')}
            error={errors.cashOutPass}
            hint={<Trans>숫자 4자리</Trans>}
          />
          <TextField
            label={<Trans>새 출금 비밀번호 확인</Trans>}
            name="cashOutPassCheck"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={f.cashOutPassCheck}
            onChange={set('cashOutPassCheck')}
            error={errors.cashOutPassCheck}
          />
          {save.error && (
            <p className={css.error} role="alert">
              {save.error}
            </p>
          )}
          {done && (
            <p className={css.done} role="status" data-testid="info-edit-done">
              <Trans>회원정보가 수정되었습니다.</Trans>
            </p>
          )}
          <Button type="submit" variant="primary" block disabled={save.busy}>
            <Trans>수정</Trans>
          </Button>
        </form>
      </Card>
      {caller.loginType === 'PARTNER' && <SignupLinkCard prefix={prefix} memId={caller.memId} />}
      {(isPartnerLogin(caller.loginType) || caller.loginType === 'ADMIN') && (
        <Suspense fallback={null}>
          <TwoFactorCard />
        </Suspense>
      )}
      {caller.loginType !== 'ADMIN' && pushSupported() && (
        <Suspense fallback={null}>
          <PushCard />
        </Suspense>
      )}
    </div>
  );
}
