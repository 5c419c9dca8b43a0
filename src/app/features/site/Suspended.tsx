import { Trans } from '@lingui/react/macro';
import css from './Site.module.css';

/** A site the platform suspended (SS001) or closed for good (SS002): said plainly, nothing else opens. */
export function Suspended({ closed }: { closed: boolean }) {
  return (
    <main className={css.page}>
      <div className={css.box} data-testid="site-suspended">
        <img className={css.logo} src="/icons/icon-192.png" alt="" width={72} height={72} />
        <h1 className={css.title}>{closed ? <Trans>운영이 종료된 사이트입니다</Trans> : <Trans>운영이 잠시 중지되었습니다</Trans>}</h1>
        <p className={css.text}>
          {closed ? (
            <Trans>이 사이트는 더 이상 운영하지 않습니다.</Trans>
          ) : (
            <Trans>지금은 이 사이트를 이용할 수 없습니다. 보유 금액과 기록은 그대로 안전하게 보관됩니다. 운영이 다시 시작되면 이 주소에서 이어서 이용할 수 있습니다.</Trans>
          )}
        </p>
      </div>
    </main>
  );
}
