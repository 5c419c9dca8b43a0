import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PlatformSiteDetail } from '../../../contract/platformOps';
import { apiMessage } from '../../lib/apiMessage';
import { formatKst } from '../../lib/format';
import { useSaveHosts, useSiteOp } from '../../entities/platform/writes';
import { Button, buttonClass } from '../../ui/Button';
import { Fact, Facts } from '../../ui/Facts';
import { TextField } from '../../ui/Field';
import { PlatformFrame } from './PlatformFrame';
import { SiteInvitations } from './SiteInvitations';
import { SiteKeys } from './SiteKeys';
import { SiteSandbox } from './SiteSandbox';
import { useSiteStatusText } from './siteStatus';
import { SiteBrandEdit } from './SiteBrandEdit';
import { SiteAuditBroken } from './SiteAuditBroken';
import { SiteSettingsEdit } from './SiteSettingsEdit';
import css from './Platform.module.css';
import { useApi } from '../../lib/useApi';
import { platformSiteQueryOptions } from '../../entities/platform/queries';

type Op = 'resume' | 'suspend' | 'rotateKey' | 'archive';

/** One site seen from the console: today's figures read-only, and the platform's hold on it. */
export function PlatformSite({ prefix }: { prefix: string }) {
  const api = useApi();
  const { t } = useLingui();
  const statusText = useSiteStatusText();
  const site = useQuery(platformSiteQueryOptions(api, prefix));
  const [newKey, setNewKey] = useState<{ apiKey: string; oldKeyUntil: string } | null>(null);
  const [typed, setTyped] = useState('');
  const questions: Record<Op, string> = {
    resume: t`/${prefix} 사이트를 다시 열까요? 회원과 게임사가 바로 다시 이용합니다.`,
    suspend: t`/${prefix} 사이트를 중지할까요? 회원·파트너·운영자와 게임사의 모든 요청이 재개할 때까지 거절됩니다. 머니와 데이터는 그대로 남습니다.`,
    rotateKey: t`새 API 키를 만들까요? 지금 키는 24시간 더 쓸 수 있습니다.`,
    archive: t`/${prefix} 사이트를 보관할까요? 되돌릴 수 없습니다. 주소는 계속 사용 중으로 남고 데이터는 지워지지 않습니다.`,
  };
  const write = useSiteOp(prefix, {
    confirm: (v) => questions[v.op],
    say: 'inline',
    onDone: (key) => key && setNewKey(key),
  });
  const act = (op: Op) => () => void write.submit(op === 'archive' ? { op, confirm: typed } : { op });
  const s = site.data;
  const at = (iso: string | null) => (iso ? formatKst(new Date(iso), 'yyyy-MM-dd HH:mm') : '-');

  return (
    <PlatformFrame title={s?.name ?? `/${prefix}`} subtitle={`/${prefix}`} logo={`/${prefix}/icons/icon-192.png`}>
      <div className={css.steps} data-testid="platform-site">
        <Link to="/platform" className={css.link}>
          <Trans>← 사이트 목록</Trans>
        </Link>
        {site.isPending ? (
          <p className={css.lead}>
            <Trans>불러오는 중…</Trans>
          </p>
        ) : site.isError ? (
          <p className={css.lead} role="alert">
            {apiMessage(site.error)}
          </p>
        ) : (
          <>
            <Figures site={s!} status={statusText[s!.status]} />
            {s!.status !== 'archived' && <SiteBrandEdit site={s!} />}
            {s!.status !== 'archived' && <SiteSettingsEdit site={s!} />}
            {write.error && (
              <p className={css.fieldError} role="alert">
                {write.error}
              </p>
            )}
            {s!.status !== 'archived' && (
              <section className={css.fields} aria-label={t`운영`}>
                {s!.status === 'suspended' ? (
                  <Button block disabled={write.busy} onClick={act('resume')}>
                    <Trans>운영 재개</Trans>
                  </Button>
                ) : (
                  <Button variant="secondary" block disabled={write.busy} onClick={act('suspend')}>
                    <Trans>운영 중지</Trans>
                  </Button>
                )}
                <HostNames prefix={prefix} hosts={s!.hosts} />
                <Button variant="secondary" block disabled={write.busy} onClick={act('rotateKey')}>
                  <Trans>API 키 바꾸기</Trans>
                </Button>
                {newKey && (
                  <Facts boxed data-testid="new-key">
                    <Fact label={t`새 API 키 (한 번만 보여요)`}>{newKey.apiKey}</Fact>
                    <Fact label={t`지금 키 사용 기한`}>{at(newKey.oldKeyUntil)}</Fact>
                  </Facts>
                )}
                <SiteKeys prefix={prefix} oldKeyUntil={s!.oldKeyUntil} />
                <TextField label={t`보관하려면 주소(${prefix})를 입력하세요`} name="confirm" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
                <Button variant="secondary" block disabled={write.busy || typed.trim() !== prefix} onClick={act('archive')}>
                  <Trans>사이트 보관</Trans>
                </Button>
              </section>
            )}
            {s!.status !== 'archived' && <SiteInvitations prefix={prefix} operators={s!.operators} />}
            {s!.status !== 'archived' && <SiteSandbox prefix={prefix} />}
          </>
        )}
        <Link to="/$prefix" params={{ prefix }} className={buttonClass('secondary', true)}>
          <Trans>사이트 열어 보기</Trans>
        </Link>
      </div>
    </PlatformFrame>
  );
}

/** The site's own host names, comma-separated: saved as a whole list; a refusal shows beside the field. */
function HostNames({ prefix, hosts }: { prefix: string; hosts: string[] }) {
  const { t } = useLingui();
  const [text, setText] = useState(hosts.join(', '));
  const [saved, setSaved] = useState(false);
  const write = useSaveHosts(prefix, {
    say: 'inline',
    onDone: (r) => {
      setText(r.hosts.join(', '));
      setSaved(true);
    },
  });
  return (
    <>
      <TextField
        label={t`전용 호스트 이름`}
        hint={t`예: lucky.example.com (쉼표로 여러 개). 비워 두면 주소(/${prefix})로만 엽니다. TLS는 앞단 프록시가 맡습니다.`}
        name="hosts"
        inputMode="url"
        autoCapitalize="none"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setSaved(false);
          write.clear();
        }}
        error={write.error ?? undefined}
      />
      <Button
        variant="secondary"
        block
        disabled={write.busy}
        onClick={() => {
          setSaved(false);
          void write.submit(text.split(/[\s,]+/).filter(Boolean));
        }}
        data-testid="save-hosts"
      >
        {saved ? t`저장했습니다` : t`호스트 이름 저장`}
      </Button>
    </>
  );
}

function Figures({ site, status }: { site: PlatformSiteDetail; status: string }) {
  const { t } = useLingui();
  const n = (v: number) => v.toLocaleString();
  return (
    <Facts tiles>
      <Fact label={t`상태`}>
        {status}
        <SiteAuditBroken broken={site.auditBroken} detail />
      </Fact>
      <Fact label={t`회원 수`}>{n(site.members)}</Fact>
      <Fact label={t`접속 중`}>{n(site.online)}</Fact>
      <Fact label={t`오늘 입금`}>{n(site.deposits)}</Fact>
      <Fact label={t`오늘 출금`}>{n(site.withdrawals)}</Fact>
      <Fact label={t`오늘 베팅`}>{n(site.bets)}</Fact>
      <Fact label={t`오늘 게임 손익`}>{n(site.ggr)}</Fact>
      {site.oldKeyUntil && <Fact label={t`이전 API 키 사용 기한`}>{formatKst(new Date(site.oldKeyUntil), 'yyyy-MM-dd HH:mm')}</Fact>}
    </Facts>
  );
}
