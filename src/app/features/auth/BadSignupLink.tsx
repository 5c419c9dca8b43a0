import { Link, useParams } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { isApiError } from '../../lib/api';
import { apiMessage } from '../../lib/apiMessage';
import { Button, buttonClass } from '../../ui/Button';
import css from './Signup.module.css';

/**
 * A signup link that cannot be used, said in plain words, with the way to the login page. The
 * server answers one code for every recommender that takes no members (unknown, not a partner,
 * suspended), so the page names them together rather than guess which.
 */
export function BadSignupLink({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  const { prefix } = useParams({ from: '/$prefix' });
  const refused = isApiError(error, 'U106', 'U107', 'U108');
  return (
    <section className={css.bad} data-testid="signup-link-invalid" role="alert">
      <h2>{refused ? <Trans>이 가입 링크는 쓸 수 없습니다</Trans> : <Trans>가입 링크를 확인하지 못했습니다</Trans>}</h2>
      <p>
        {isApiError(error, 'U106') ? (
          <Trans>링크에 초대한 파트너가 빠져 있습니다. 초대한 분께 링크를 다시 받아 주세요.</Trans>
        ) : isApiError(error, 'U107') ? (
          <Trans>링크의 아이디가 없거나 파트너가 아니거나, 지금은 새 회원을 받지 않는 파트너입니다. 초대한 분께 새 링크를 받아 주세요.</Trans>
        ) : isApiError(error, 'U108') ? (
          <Trans>지금은 이 사이트가 회원가입을 받지 않습니다.</Trans>
        ) : (
          apiMessage(error)
        )}
      </p>
      {!refused && (
        <Button variant="primary" block disabled={retrying} onClick={onRetry}>
          <Trans>다시 시도</Trans>
        </Button>
      )}
      <Link to="/$prefix" params={{ prefix }} className={buttonClass(refused ? 'primary' : 'secondary', true)} data-testid="signup-link-login">
        <Trans>로그인 화면으로</Trans>
      </Link>
    </section>
  );
}
