import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { buttonClass } from '../../ui/Button';
import { LanguageSelect } from '../../widgets/LanguageSelect';
import css from './Site.module.css';

/** The server marks `/` while the demo site is there and open (static.ts DEMO_MARK). */
const demoOpen = () => document.querySelector('meta[name="pitboss-demo"]')?.getAttribute('content') === 'demo';

/**
 * The bare root: each casino has its own address under its prefix. It links to no site, except
 * the demo site while a deployment has one.
 */
export function Landing() {
  const demo = demoOpen();
  return (
    <main className={css.page}>
      <div className={css.box}>
        <img className={css.logo} src="/icons/icon-192.png" alt="" width={72} height={72} />
        <h1 className={css.title}>Pitboss</h1>
        <p className={css.text}>
          <Trans>각 사이트는 고유 주소로 접속합니다. 예: /사이트코드</Trans>
        </p>
        {demo && (
          <div className={css.list} data-testid="demo-links">
            <Link to="/$prefix" params={{ prefix: 'demo' }} className={buttonClass('primary', true)}>
              <Trans>데모 사이트</Trans>
            </Link>
            <Link to="/$prefix/login" params={{ prefix: 'demo' }} className={buttonClass('secondary', true)}>
              <Trans>데모 파트너 로그인</Trans>
            </Link>
          </div>
        )}
        <LanguageSelect />
      </div>
    </main>
  );
}
