import { useLingui } from '@lingui/react/macro';
import { LoginForm } from './LoginForm';

export function PartnerLogin() {
  const { t } = useLingui();
  return <LoginForm page="partner" kind={t`파트너`} withCaptcha />;
}
