import { Trans } from '@lingui/react/macro';
import css from './Site.module.css';

/** A site address on a deployment that has no site yet: said plainly, not "unknown site". */
export function NotSetUp() {
  return (
    <main className={css.page}>
      <div className={css.box} data-testid="not-set-up">
        <img className={css.logo} src="/icons/icon-192.png" alt="" width={72} height={72} />
        <h1 className={css.title}>
          <Trans>아직 준비 중입니다</Trans>
        </h1>
        <p className={css.text}>
          <Trans>이 서비스는 아직 설정되지 않았습니다. 운영자가 설정을 마치면 이 주소에서 이용할 수 있습니다.</Trans>
        </p>
      </div>
    </main>
  );
}
