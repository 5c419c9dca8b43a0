import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { platformCalls, type PlatformSite } from '../../../contract/platform';
import { apiMessage } from '../../lib/apiMessage';
import { platformApi, setPlatformToken } from '../../lib/platform';
import { Button, buttonClass } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { PlatformFrame } from './PlatformFrame';
import { OpenInvitations } from './OpenInvitations';
import { PlatformStaff } from './PlatformStaff';
import { useSiteStatusText } from './siteStatus';
import { SiteAuditBroken } from './SiteAuditBroken';
import css from './Platform.module.css';
import { useApi } from '../../lib/useApi';
import { platformSitesQueryOptions } from '../../entities/platform/queries';

/** The console's home: this deployment's sites with today's figures; a site's address opens it. */
export function PlatformHome() {
  const api = useApi();
  const { t } = useLingui();
  const navigate = useNavigate();
  const sites = useQuery(platformSitesQueryOptions(api));
  const signOut = async () => {
    await platformApi(api, platformCalls.logout, {}).catch(() => null);
    setPlatformToken(null);
    await navigate({ to: '/platform/login', replace: true });
  };
  const statusText = useSiteStatusText();
  const columns: Column<PlatformSite>[] = [
    {
      key: 'prefix',
      label: t`주소`,
      render: (s) => (
        <Link to="/platform/sites/$prefix" params={{ prefix: s.prefix }} className={css.link}>
          /{s.prefix}
        </Link>
      ),
    },
    {
      key: 'name',
      label: t`이름`,
      // the site's own logo beside its name
      render: (s) => (
        <span className={css.siteName}>
          <img src={`/${s.prefix}/icons/icon-192.png`} alt="" width={24} height={24} />
          {s.name}
        </span>
      ),
    },
    {
      key: 'status',
      label: t`상태`,
      render: (s) => (
        <>
          {statusText[s.status]}
          <SiteAuditBroken broken={s.auditBroken} />
        </>
      ),
    },
    { key: 'members', label: t`회원 수`, render: (s) => s.members.toLocaleString(), numeric: true },
    { key: 'online', label: t`접속 중`, render: (s) => s.online.toLocaleString(), numeric: true },
    { key: 'deposits', label: t`오늘 입금`, render: (s) => s.deposits.toLocaleString(), numeric: true },
    { key: 'withdrawals', label: t`오늘 출금`, render: (s) => s.withdrawals.toLocaleString(), numeric: true },
    { key: 'bets', label: t`오늘 베팅`, render: (s) => s.bets.toLocaleString(), numeric: true },
    { key: 'ggr', label: t`오늘 게임 손익`, render: (s) => s.ggr.toLocaleString(), numeric: true },
  ];
  return (
    <PlatformFrame title={t`플랫폼`} subtitle={t`사이트`}>
      <div className={css.steps} data-testid="platform-home">
        <Link to="/platform/open" className={buttonClass('primary', true)}>
          <Trans>사이트 열기</Trans>
        </Link>
        {sites.isPending ? (
          <p className={css.lead}>
            <Trans>불러오는 중…</Trans>
          </p>
        ) : sites.isError ? (
          <p className={css.lead} role="alert">
            {apiMessage(sites.error)}
          </p>
        ) : (
          <DataList rows={sites.data.list} columns={columns} rowKey={(s) => s.prefix} empty={<Trans>아직 사이트가 없습니다.</Trans>} />
        )}
        <PlatformStaff />
        <OpenInvitations />
        <Button variant="secondary" block onClick={() => void signOut()}>
          <Trans>로그아웃</Trans>
        </Button>
      </div>
    </PlatformFrame>
  );
}
