import { useLingui } from '@lingui/react/macro';
import { LoginForm } from './LoginForm';

export function PartnerLogin() {
  const { t } = useLingui();
  return <LoginForm page="partner" title={t`파트너`} subtitle={t`파트너 로그인`} withCaptcha />;
}
