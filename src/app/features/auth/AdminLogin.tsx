import { useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { LoginForm } from './LoginForm';

export function AdminLogin() {
  const { t } = useLingui();
  const { id } = useSearch({ from: '/$prefix/admin/login' });
  return <LoginForm page="admin" kind={t`운영자`} withCaptcha initialId={id} />;
}
