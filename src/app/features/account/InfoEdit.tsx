import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../../contract/codes';
import { memberCalls } from '../../../contract/member';
import { api } from '../../lib/api';
import { apiMessage } from '../../lib/apiMessage';
import { alert, confirm, withLoading } from '../../lib/dialogs';
import { session } from '../../lib/session/store';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { changesOf, emptyInfoEdit, fieldOfCode, firstInfoEditProblem, type InfoEditForm } from './infoEdit';
import css from './InfoEdit.module.css';

const digits4 = (v: string) => v.replace(/\D/g, '').slice(0, 4);

/** Account edit (infoEdit): id read-only, current password, new password and withdrawal password, each with its confirmation. */
export function InfoEdit() {
  const { t } = useLingui();
  const { member } = useSnapshot(session);
  const [f, setF] = useState<InfoEditForm>(emptyInfoEdit);
  const [errors, setErrors] = useState<Partial<Record<keyof InfoEditForm, string>>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (k: keyof InfoEditForm) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = k === 'cashOutPass' || k === 'cashOutPassCheck' ? digits4(e.target.value) : e.target.value;
    setF((prev) => ({ ...prev, [k]: v }));
    setErrors((prev) => ({ ...prev, [k]: undefined }));
  };

  async function show(field: keyof InfoEditForm, message: string) {
    setErrors({ [field]: message });
    await alert(message);
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = firstInfoEditProblem(f);
    if (problem === 'curPass') return show('curPass', t`현재 비밀번호를 입력해 주세요.`);
    if (problem) return show(fieldOfCode[problem] ?? 'memPass', apiMessage(new ApiError(problem)));
    const change = changesOf(f);
    const question = change.pass && change.out
      ? t`비밀번호와 출금 비밀번호를 변경하시겠습니까?`
      : change.pass ? t`비밀번호를 변경하시겠습니까?` : t`출금 비밀번호를 변경하시겠습니까?`;
    if (!(await confirm(question))) return;
    setBusy(true);
    try {
      await withLoading(api(memberCalls.update, { memId: member?.memId, ...f }));
      setF(emptyInfoEdit);
      setErrors({});
      await alert(t`회원정보가 수정되었습니다.`);
    } catch (err) {
      const field = err instanceof ApiError ? fieldOfCode[err.code] : undefined;
      if (field) await show(field, apiMessage(err));
      else await alert(apiMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={css.page} data-testid="info-edit">
      <h1 className={css.title}><Trans>회원정보 수정</Trans></h1>
      <Card>
        <form ref={formRef} className={css.form} onSubmit={(e) => void submit(e)} noValidate>
          <TextField label={<Trans>아이디</Trans>} name="memId" value={member?.memId ?? ''} readOnly autoComplete="username" />
          <TextField
            label={<Trans>현재 비밀번호</Trans>} name="curPass" type="password" autoComplete="current-password"
            value={f.curPass} onChange={set('curPass')} error={errors.curPass}
          />
          <p className={css.hint}><Trans>바꾸지 않을 항목은 비워 두세요.</Trans></p>
          <TextField
            label={<Trans>새 비밀번호</Trans>} name="memPass" type="password" autoComplete="new-password" maxLength={20}
            value={f.memPass} onChange={set('memPass')} error={errors.memPass}
            hint={<Trans>영문, 숫자, !@#$%* 6~20자</Trans>}
          />
          <TextField
            label={<Trans>새 비밀번호 확인</Trans>} name="memPassCheck" type="password" autoComplete="new-password" maxLength={20}
            value={f.memPassCheck} onChange={set('memPassCheck')} error={errors.memPassCheck}
          />
          <TextField
            label={<Trans>새 출금 비밀번호</Trans>} name="cashOutPass" type="password" inputMode="numeric" autoComplete="off" maxLength={4}
            value={f.cashOutPass} onChange={set('cashOutPass')} error={errors.cashOutPass}
            hint={<Trans>숫자 4자리</Trans>}
          />
          <TextField
            label={<Trans>새 출금 비밀번호 확인</Trans>} name="cashOutPassCheck" type="password" inputMode="numeric" autoComplete="off" maxLength={4}
            value={f.cashOutPassCheck} onChange={set('cashOutPassCheck')} error={errors.cashOutPassCheck}
          />
          <Button type="submit" variant="primary" block disabled={busy}><Trans>수정</Trans></Button>
        </form>
      </Card>
    </div>
  );
}
