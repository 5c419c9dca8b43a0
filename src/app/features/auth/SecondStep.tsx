import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { MemberInfo } from '../../../contract/member';
import { loginStepCalls } from '../../../contract/twoFactor';
import { apiMessage } from '../../lib/apiMessage';
import { alert } from '../../lib/dialogs';
import type { ApiError } from '../../lib/api';
import { useLoginCode, useLoginEnrol } from '../../entities/member/loginWrites';
import { otpSetupAtLoginQueryOptions } from '../../entities/member/twoFactorQueries';
import { signIn } from '../../lib/session/lifecycle';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { OtpSetup, RecoveryCodes } from '../../ui/OtpSetup';
import type { SecondStep as Step } from '../../entities/member/login';
import css from '../../ui/Auth.module.css';
import { useClients } from '../../lib/useApi';

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
async function restartOn(err: ApiError, onRestart: () => void) {
  if (!['L009', 'U003', 'U004'].includes(err.code)) return false;
  await alert(apiMessage(err));
  onRestart();
  return true;
}

function CodeStep({ step, onSignedIn, onRestart }: Props) {
  const clients = useClients();
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const ready = /^\d{6}$/.test(code) || code.replace(/[^a-z0-9]/gi, '').length === 16;
  const write = useLoginCode(step.ticket, {
    say: 'inline',
    onRefused: (err) => (setCode(''), restartOn(err, onRestart)),
    onDone: async (res) => {
      await signIn(clients, res);
      onSignedIn(res.member);
    },
  });
  const { busy, error } = write;
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !ready) return;
    await write.submit(code);
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
        onChange={(e) => (setCode(e.target.value.trim()), write.clear())}
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
  const clients = useClients();
  const { api } = clients;
  const setup = useQuery(otpSetupAtLoginQueryOptions(api, step.ticket));
  // signed in only once the codes are put away: the login screen may leave as soon as a session exists
  const [done, setDone] = useState<ResOf<typeof loginStepCalls.otpEnable> | null>(null);
  const enable = useLoginEnrol(step.ticket, {
    say: 'inline',
    onRefused: (err) => restartOn(err, onRestart),
    onDone: (res) => setDone(res),
  });
  const { busy, error } = enable;
  const finish = async () => {
    await signIn(clients, done!);
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
      {setup.data && <OtpSetup {...setup.data} busy={busy} error={error} onConfirm={(c) => void enable.submit(c)} />}
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
