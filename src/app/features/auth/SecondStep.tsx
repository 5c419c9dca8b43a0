import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberInfo } from '../../../contract/member';
import { loginStepCalls } from '../../../contract/twoFactor';
import { apiMessage } from '../../lib/apiMessage';
import { alert, withLoading } from '../../lib/dialogs';
import { signIn } from '../../lib/session/lifecycle';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { OtpSetup, RecoveryCodes } from '../../ui/OtpSetup';
import type { SecondStep as Step } from './login';
import css from '../../ui/Auth.module.css';
import { useApi } from '../../lib/useApi';

interface Props {
  step: Step;
  onSignedIn: (m: MemberInfo) => void;
  /** the ticket expired or the account locked: back to the password */
  onRestart: () => void;
}

/** After a right password: the authenticator code (or a recovery code), or the operator's enrolment. Loaded only when needed. */
export default function SecondStep({ step, onSignedIn, onRestart }: Props) {
  return step.step === 'code' ? <CodeStep {...{ step, onSignedIn, onRestart }} /> : <EnrolStep {...{ step, onSignedIn, onRestart }} />;
}

/** The ticket expired or the account locked: said in a dialog, then back to the password. */
async function restartOn(err: unknown, onRestart: () => void) {
  if (!['L009', 'U003', 'U004'].includes((err as { code?: string }).code ?? '')) return false;
  await alert(apiMessage(err));
  onRestart();
  return true;
}

function CodeStep({ step, onSignedIn, onRestart }: Props) {
  const api = useApi();
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = /^\d{6}$/.test(code) || code.replace(/[^a-z0-9]/gi, '').length === 16;
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !ready) return;
    setBusy(true);
    try {
      const res = await withLoading(api(loginStepCalls.otp, { ticket: step.ticket, otpCode: code }));
      await signIn(api, res);
      onSignedIn(res.member);
    } catch (err) {
      setCode('');
      if (!(await restartOn(err, onRestart))) setError(apiMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={css.form} onSubmit={(e) => void submit(e)} noValidate data-testid="otp-login">
      <TextField
        label={<Trans>인증 코드</Trans>}
        name="otpCode"
        autoComplete="one-time-code"
        autoFocus
        hint={<Trans>인증 앱의 6자리 코드, 또는 복구 코드</Trans>}
        value={code}
        onChange={(e) => (setCode(e.target.value.trim()), setError(null))}
        error={error ?? undefined}
      />
      <Button type="submit" variant="primary" block disabled={busy || !ready}>
        {ready ? t`로그인` : t`코드를 입력하세요`}
      </Button>
      <Button variant="ghost" block onClick={onRestart}>
        <Trans>다시 로그인</Trans>
      </Button>
    </form>
  );
}

function EnrolStep({ step, onSignedIn, onRestart }: Props) {
  const api = useApi();
  const setup = useQuery({
    queryKey: ['otpSetupAtLogin', step.ticket],
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    queryFn: () => api(loginStepCalls.otpSetup, { ticket: step.ticket }),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // signed in only once the codes are put away: the login screen may leave as soon as a session exists
  const [done, setDone] = useState<Awaited<ReturnType<typeof api<typeof loginStepCalls.otpEnable>>> | null>(null);
  async function confirm(otpCode: string) {
    setBusy(true);
    try {
      const res = await withLoading(api(loginStepCalls.otpEnable, { ticket: step.ticket, otpCode }));
      setDone(res);
    } catch (err) {
      if (!(await restartOn(err, onRestart))) setError(apiMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const finish = async () => {
    await signIn(api, done!);
    onSignedIn(done!.member);
  };
  if (done)
    return (
      <div className={css.form}>
        <RecoveryCodes codes={done.recoveryCodes} onDone={() => void finish()} />
      </div>
    );
  return (
    <div className={css.form}>
      <p className={css.subtitle}>
        <Trans>이 사이트의 운영자는 2단계 인증이 필수입니다. 설정을 마치면 콘솔이 열립니다.</Trans>
      </p>
      {setup.data && <OtpSetup {...setup.data} busy={busy} error={error} onConfirm={(c) => void confirm(c)} />}
      {setup.isError && (
        <p className={css.subtitle} role="alert">
          {apiMessage(setup.error)}
        </p>
      )}
      <Button variant="ghost" block onClick={onRestart}>
        <Trans>다시 로그인</Trans>
      </Button>
    </div>
  );
}
