import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCaller } from '../../lib/caller';
import { useApi } from '../../lib/useApi';
import { useEnableTwoFactor, useStartTwoFactor, useTwoFactorLater } from '../../entities/member/writes';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { OtpSetup, RecoveryCodes } from '../../ui/OtpSetup';
import { otpOfferQuery } from '../../entities/member/twoFactorQueries';
import css from '../../ui/Auth.module.css';

type Enrolment = { secret: string; qrDataUrl: string };

/**
 * The operator's first sign-in: two-factor offered before the console, set up now (the password
 * again, as on the account screen: a session alone never enrols an authenticator) or later (kept on
 * the account, so it is not asked again). A site that requires it enrols at the login itself.
 */
export function TwoFactorOffer() {
  const api = useApi();
  const { t } = useLingui();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [memPass, setMemPass] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const toConsole = () => {
    queryClient.setQueryData(otpOfferQuery(api, prefix, caller.memId).queryKey, { offer: false });
    return navigate({ to: '/$prefix/admin', params: { prefix }, replace: true });
  };
  const start = useStartTwoFactor({
    say: 'inline',
    onDone: (r) => (setMemPass(''), setEnrolment(r)),
  });
  const enable = useEnableTwoFactor(prefix, caller.memId, {
    say: 'inline',
    onDone: (r) => (setEnrolment(null), setCodes(r.recoveryCodes)),
  });
  const later = useTwoFactorLater({
    say: 'inline',
    onDone: () => toConsole(),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (memPass) void start.submit(memPass);
  };

  return (
    <main className={css.page}>
      <div className={css.panel} data-testid="otp-offer">
        <header className={css.brand}>
          <h1 className={css.title}>
            <Trans>2단계 인증을 켜세요</Trans>
          </h1>
          <p className={css.subtitle}>
            <Trans>운영자 계정은 모든 회원의 머니를 다룹니다. 로그인할 때 비밀번호와 함께 인증 앱의 코드를 입력하면 비밀번호가 새어도 계정을 지킬 수 있습니다.</Trans>
          </p>
        </header>
        {codes ? (
          <div className={css.form}>
            <RecoveryCodes codes={codes} onDone={() => void toConsole()} />
          </div>
        ) : enrolment ? (
          <div className={css.form}>
            <OtpSetup {...enrolment} busy={enable.busy} error={enable.error} onConfirm={(c) => void enable.submit(c)} />
          </div>
        ) : (
          <form className={css.form} onSubmit={submit} noValidate>
            <TextField
              label={t`비밀번호`}
              hint={t`방금 로그인한 비밀번호를 한 번 더 입력하세요.`}
              name="otpOfferPass"
              type="password"
              autoComplete="current-password"
              value={memPass}
              onChange={(e) => (setMemPass(e.target.value), start.clear())}
              error={start.error ?? undefined}
            />
            <Button type="submit" variant="primary" block disabled={start.busy || !memPass} data-testid="otp-offer-now">
              {memPass ? t`지금 설정` : t`비밀번호를 입력하세요`}
            </Button>
            {later.error && (
              <p className={css.subtitle} role="alert">
                {later.error}
              </p>
            )}
            <Button variant="ghost" block disabled={later.busy} onClick={() => void later.submit(null)} data-testid="otp-offer-later">
              <Trans>나중에</Trans>
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
