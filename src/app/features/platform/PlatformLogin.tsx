import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { setPlatformToken } from '../../lib/platform';
import { usePlatformLogin } from '../../entities/platform/writes';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { PlatformFrame } from './PlatformFrame';
import auth from '../../ui/Auth.module.css';

/** The console's sign-in: id, password and the authenticator's code (or a recovery code) at once; a challenge when asked. */
export function PlatformLogin() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [form, setForm] = useState({ loginId: '', password: '', otpCode: '' });
  const write = usePlatformLogin({
    say: 'inline',
    onDone: (r) => {
      setPlatformToken(r.token);
      return navigate({ to: '/platform', replace: true });
    },
  });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm({ ...form, [k]: e.target.value });
    write.clear();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void write.submit(form);
  };
  return (
    <PlatformFrame title={t`플랫폼`} subtitle={t`플랫폼 로그인`}>
      <form className={auth.form} onSubmit={submit} noValidate>
        <TextField label={t`아이디`} name="loginId" autoComplete="username" autoCapitalize="none" value={form.loginId} onChange={set('loginId')} />
        <TextField label={t`비밀번호`} name="password" type="password" autoComplete="current-password" value={form.password} onChange={set('password')} />
        <TextField
          label={t`인증 코드`}
          hint={t`인증 앱의 6자리 코드 또는 복구 코드`}
          name="otpCode"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          value={form.otpCode}
          onChange={set('otpCode')}
          error={write.fieldErrors.otpCode ?? write.error ?? undefined}
        />
        <Button type="submit" variant="primary" block disabled={write.busy || !form.loginId || !form.password || !form.otpCode}>{t`로그인`}</Button>
      </form>
    </PlatformFrame>
  );
}
