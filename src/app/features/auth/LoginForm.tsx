import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { LanguageSelect } from '../../widgets/LanguageSelect';
import { SiteBrand } from '../../entities/site/SiteBrand';
import { dashboardOf, kindOf } from '../../lib/guard';
import { captchaQueryOptions } from '../../entities/member/captchaQueries';
import type { LoginField, LoginPage, SecondStep as Step } from '../../entities/member/login';
import { useLogin } from '../../entities/member/loginWrites';
import type { MemberInfo } from '../../../contract/member';

import css from '../../ui/Auth.module.css';
import fieldCss from '../../ui/Field.module.css';
import { useClients } from '../../lib/useApi';

// the player's login screen paints with the fields alone: the captcha (partner and operator
// screens), the login call itself (on submit) and the second step load when they are needed
const SecondStep = lazy(() => import('./SecondStep'));
const CaptchaField = lazy(() => import('./CaptchaField').then((m) => ({ default: m.CaptchaField })));

interface Props {
  page: LoginPage;
  /** what kind of login this is (파트너, 운영자), under the site's name */
  kind?: ReactNode;
  subtitle?: ReactNode;
  withCaptcha?: boolean;
  footer?: ReactNode;
  /** the id to start with (an invitation's account, on its first sign-in) */
  initialId?: string;
}

/** The login screen all three kinds of user share; Enter in any field submits. */
export function LoginForm({ page, kind, subtitle, withCaptcha = false, footer, initialId = '' }: Props) {
  const clients = useClients();
  const { api } = clients;
  const { prefix } = useParams({ from: '/$prefix' });
  const navigate = useNavigate();
  const { t } = useLingui();
  const [memId, setMemId] = useState(initialId);
  const [memPass, setMemPass] = useState('');
  const [captcha, setCaptcha] = useState('');
  const captchaQuery = useQuery({ ...captchaQueryOptions(api, prefix), enabled: withCaptcha });
  const [step, setStep] = useState<Step | null>(null);
  const [empty, setEmpty] = useState<{ field: LoginField; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const refreshCaptcha = () => {
    setCaptcha('');
    void captchaQuery.refetch();
  };

  // the login call and its texts load on submit, not with the login screen
  const write = useLogin(page, withCaptcha, {
    // refusals are said in the form: a wrong code under the code, the rest above the button
    say: 'inline',
    onRefused: (err) => {
      if (withCaptcha || err.code === 'L002') refreshCaptcha();
      return false;
    },
    // the product answers an unknown member like a wrong password
    describe: (err) => (err.code === 'U001' ? t`로그인 정보가 올바르지 않습니다. 확인해 주세요.` : undefined),
    onDone: (result) => ('step' in result ? setStep(result) : enter(result)),
  });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (write.busy) return;
    const f = { memId, memPass, captchaId: captchaQuery.data?.captchaId, captcha };
    const problem = (await import('../../entities/member/login')).loginProblem(f, withCaptcha);
    setEmpty(problem);
    if (problem) return formRef.current?.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
    const done = await write.submit(f);
    if (!done) formRef.current?.querySelector<HTMLElement>(withCaptcha ? '[name="captcha"]' : '[name="memPass"]')?.focus();
  }
  const said = (field: LoginField) => (empty?.field === field ? empty.text : field === 'captcha' ? write.fieldErrors.captcha : undefined);
  const edited = (field: LoginField) => {
    if (empty?.field === field) setEmpty(null);
    write.clear();
  };
  // the operator passes the two-factor offer first (it goes on to the console when there is none)
  const enter = (m: MemberInfo) => {
    const kind = kindOf(m.loginType);
    return navigate({ to: kind === 'admin' ? '/$prefix/admin/twoFactor' : dashboardOf(kind), params: { prefix }, replace: true });
  };
  const restart = () => {
    setStep(null);
    setMemPass('');
    if (withCaptcha) refreshCaptcha();
  };

  return (
    <main className={css.page}>
      <div className={css.top}>
        <LanguageSelect />
      </div>
      <div className={css.panel}>
        {/* the site's logo and name, never the product's */}
        <SiteBrand testId="login-brand" kind={kind} subtitle={subtitle} />
        {step ? (
          <Suspense fallback={null}>
            <SecondStep step={step} onSignedIn={(m) => void enter(m)} onRestart={restart} />
          </Suspense>
        ) : (
          <form ref={formRef} className={css.form} onSubmit={submit} noValidate>
            <TextField
              label={t`아이디`}
              name="memId"
              autoComplete="username"
              autoCapitalize="none"
              value={memId}
              error={said('memId')}
              onChange={(e) => (setMemId(e.target.value), edited('memId'))}
            />
            <TextField
              label={t`비밀번호`}
              name="memPass"
              type="password"
              autoComplete="current-password"
              value={memPass}
              error={said('memPass')}
              onChange={(e) => (setMemPass(e.target.value), edited('memPass'))}
            />
            {withCaptcha && (
              <Suspense fallback={null}>
                <CaptchaField
                  image={captchaQuery.data?.image}
                  value={captcha}
                  onChange={(v) => (setCaptcha(v), edited('captcha'))}
                  onRefresh={refreshCaptcha}
                  error={said('captcha')}
                />
              </Suspense>
            )}
            {write.error && (
              <p className={fieldCss.error} role="alert" data-testid="form-error">
                {write.error}
              </p>
            )}
            {/* no captcha id yet means a certain refusal: the button (and Enter) wait for the picture */}
            <Button type="submit" variant="primary" block disabled={write.busy || (withCaptcha && !captchaQuery.data)}>{t`로그인`}</Button>
          </form>
        )}
        {footer}
      </div>
    </main>
  );
}
