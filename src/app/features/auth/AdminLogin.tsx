import { useLingui } from '@lingui/react/macro';
import { LoginForm } from './LoginForm';

export function AdminLogin() {
  const { t } = useLingui();
  return <LoginForm page="admin" kind={t`운영자`} withCaptcha />;
}
