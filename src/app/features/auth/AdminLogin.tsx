import { useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { LoginForm } from './LoginForm';

export function AdminLogin() {
  const { t } = useLingui();
  const { id } = useSearch({ from: '/$prefix/admin/login' });
  return <LoginForm page="admin" title={t`운영자`} subtitle={t`운영자 로그인`} withCaptcha initialId={id} />;
}
