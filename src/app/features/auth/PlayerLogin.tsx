import { Link, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoginForm } from './LoginForm';
import css from '../../ui/Auth.module.css';

export function PlayerLogin() {
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  return (
    <LoginForm
      page="player"
      subtitle={t`로그인하고 게임을 시작하세요`}
      footer={
        <nav className={css.links}>
          <Link to="/$prefix/signup" params={{ prefix }}>
            <Trans>회원가입</Trans>
          </Link>
          <Link to="/$prefix/login" params={{ prefix }}>
            <Trans>파트너 로그인</Trans>
          </Link>
        </nav>
      }
    />
  );
}
