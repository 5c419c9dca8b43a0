import { LoginForm } from './LoginForm';

export function PartnerLogin() {
  return <LoginForm page="partner" title="PARTNER PAGE" withCaptcha />;
}
