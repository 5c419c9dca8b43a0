import { getRouteApi, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { siteCheckQueryOptions } from '../../entities/site/site';
import { buttonClass } from '../../ui/Button';
import css from './Site.module.css';
import { useApi } from '../../lib/useApi';

const route = getRouteApi('/$prefix/warning');
const POLL_MS = 30_000;

/** Maintenance (the site check window, or INSPECT Y while signed in) or a forced sign-out. */
export function Warning() {
  const api = useApi();
  const { prefix } = route.useParams();
  const { reason } = route.useSearch();
  const maintenance = reason !== 'signedOut';
  const check = useQuery({ ...siteCheckQueryOptions(api, prefix), enabled: maintenance, refetchInterval: POLL_MS, staleTime: 0 });
  const over = maintenance && check.data?.inCheck === false;
  return (
    <main className={css.page}>
      <div className={css.box} data-testid="warning" data-reason={reason}>
        <img className={css.logo} src={`/${prefix}/icons/icon-192.png`} alt="" width={72} height={72} />
        {!maintenance ? (
          <>
            <h1 className={css.title}>
              <Trans>로그아웃되었습니다</Trans>
            </h1>
            <p className={css.text}>
              <Trans>관리자에 의해 로그아웃되었습니다. 다시 로그인해 주세요.</Trans>
            </p>
          </>
        ) : over ? (
          <>
            <h1 className={css.title}>
              <Trans>점검이 끝났습니다</Trans>
            </h1>
            <p className={css.text}>
              <Trans>다시 로그인해 이용해 주세요.</Trans>
            </p>
          </>
        ) : (
          <>
            <h1 className={css.title}>
              <Trans>점검 중입니다</Trans>
            </h1>
            {check.data?.startDate && check.data.endDate && (
              <p className={css.text} data-testid="warning-window">
                {check.data.startDate.slice(0, 16)} ~ {check.data.endDate.slice(0, 16)} (KST)
              </p>
            )}
            <p className={css.text}>
              <Trans>더 나은 서비스를 위해 점검 중입니다. 잠시 후 다시 이용해 주세요.</Trans>
            </p>
            {reason === 'inspect' && (
              <p className={css.text}>
                <Trans>점검이 시작되어 로그아웃되었습니다.</Trans>
              </p>
            )}
          </>
        )}
        <Link to="/$prefix" params={{ prefix }} className={buttonClass('primary', true)}>
          <Trans>처음으로</Trans>
        </Link>
      </div>
    </main>
  );
}
