import { getRouteApi, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { siteCheckQueryOptions } from '../../lib/site';
import { buttonClass } from '../../ui/Button';
import css from './Site.module.css';

const route = getRouteApi('/$prefix/warning');

/** Maintenance or forced sign-out. */
export function Warning() {
  const { prefix } = route.useParams();
  const { reason } = route.useSearch();
  const check = useQuery({ ...siteCheckQueryOptions(prefix), enabled: reason === 'maintenance' });
  return (
    <main className={css.page}>
      <div className={css.box} data-testid="warning">
        <img className={css.logo} src="/icons/icon-192.png" alt="" width={72} height={72} />
        {reason === 'maintenance' ? (
          <>
            <h1 className={css.title}><Trans>점검 중입니다</Trans></h1>
            {check.data?.startDate && check.data.endDate && (
              <p className={css.text}>
                {check.data.startDate} ~ {check.data.endDate} (KST)
              </p>
            )}
            <p className={css.text}><Trans>더 나은 서비스를 위해 점검 중입니다. 잠시 후 다시 이용해 주세요.</Trans></p>
          </>
        ) : (
          <>
            <h1 className={css.title}><Trans>로그아웃되었습니다</Trans></h1>
            <p className={css.text}><Trans>점검 또는 관리자 조치로 로그아웃되었습니다.</Trans></p>
          </>
        )}
        <Link to="/$prefix" params={{ prefix }} className={buttonClass('primary', true)}>
          <Trans>처음으로</Trans>
        </Link>
      </div>
    </main>
  );
}
