import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiMessage } from '../../lib/apiMessage';
import { setupTokenOf } from '../../lib/platform';
import { useMakePlatformAccount } from '../../entities/platform/writes';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { OtpSetup, RecoveryCodes } from '../../ui/OtpSetup';
import { PlatformFrame } from './PlatformFrame';
import auth from '../../ui/Auth.module.css';
import css from './Platform.module.css';
import { useApi } from '../../lib/useApi';
import { enrolStartQueryOptions } from '../../entities/platform/queries';

/**
 * A platform account from a one-time link: the first start's setup link makes the owner, a staff
 * link from the owner a staff member. Id and password, then the authenticator (required).
 */
export function PlatformSetup({ kind = 'owner' }: { kind?: 'owner' | 'staff' }) {
  const api = useApi();
  const { t } = useLingui();
  const navigate = useNavigate();
  const [token] = useState(() => setupTokenOf(window.location.hash));
  const [form, setForm] = useState({ loginId: '', password: '', passwordCheck: '' });
  const [step, setStep] = useState<'account' | 'otp' | 'codes'>('account');
  const [codes, setCodes] = useState<string[]>([]);
  const enrol = useQuery({ ...enrolStartQueryOptions(api, kind, token), enabled: token.length >= 20 });
  const write = useMakePlatformAccount(kind, token, {
    say: 'inline',
    onDone: (r) => {
      setCodes(r.recoveryCodes);
      setStep('codes');
    },
  });
  // a refusal of the account fields sends the owner back to them
  const shown = write.fieldErrors;
  const accountRefused = !!(shown.loginId || shown.password || shown.passwordCheck);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm({ ...form, [k]: e.target.value });
    write.clear(k);
  };
  const next = (e: FormEvent) => {
    e.preventDefault();
    write.clear();
    setStep('otp');
  };

  if (!token || enrol.isError)
    return (
      <PlatformFrame title={t`플랫폼 설정`}>
        <p className={css.lead} role="alert" data-testid="setup-invalid">
          {enrol.error
            ? apiMessage(enrol.error)
            : kind === 'owner'
              ? t`설정 링크가 올바르지 않습니다. 서버를 시작할 때 표시된 링크를 그대로 여세요.`
              : t`초대 링크가 올바르지 않습니다. 받은 링크를 그대로 여세요.`}
        </p>
      </PlatformFrame>
    );

  return (
    <PlatformFrame
      title={kind === 'owner' ? t`플랫폼 설정` : t`플랫폼 직원 가입`}
      subtitle={kind === 'owner' ? t`처음 한 번, 플랫폼 소유자 계정을 만듭니다.` : t`플랫폼 직원 계정을 만듭니다.`}
    >
      {step === 'codes' ? (
        <RecoveryCodes codes={codes} onDone={() => void navigate({ to: '/platform/login', replace: true })} />
      ) : step === 'otp' && !accountRefused ? (
        <div className={css.steps}>
          <p className={css.lead}>
            <Trans>플랫폼 계정은 2단계 인증이 필수입니다.</Trans>
          </p>
          {enrol.data ? (
            <OtpSetup
              qrDataUrl={enrol.data.qrDataUrl}
              secret={enrol.data.secret}
              busy={write.busy}
              error={shown.otpCode ?? write.error}
              onConfirm={(code) => void write.submit({ ...form, otpCode: code })}
            />
          ) : (
            <p className={css.lead}>
              <Trans>불러오는 중…</Trans>
            </p>
          )}
          <Button variant="secondary" block onClick={() => setStep('account')}>
            <Trans>이전</Trans>
          </Button>
        </div>
      ) : (
        <form className={auth.form} onSubmit={next} noValidate data-testid="setup-account">
          <TextField
            label={t`아이디`}
            hint={t`영문 소문자와 숫자 4~20자`}
            name="loginId"
            autoComplete="username"
            autoCapitalize="none"
            value={form.loginId}
            onChange={set('loginId')}
            error={shown.loginId}
          />
          <TextField
            label={t`비밀번호`}
            hint={t`10~64자`}
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            error={shown.password}
          />
          <TextField
            label={t`비밀번호 확인`}
            name="passwordCheck"
            type="password"
            autoComplete="new-password"
            value={form.passwordCheck}
            onChange={set('passwordCheck')}
            error={shown.passwordCheck}
          />
          <Button type="submit" variant="primary" block disabled={!form.loginId || !form.password || !form.passwordCheck}>
            <Trans>다음</Trans>
          </Button>
        </form>
      )}
    </PlatformFrame>
  );
}
