import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import { platformOpsCalls } from '../../../contract/platformOps';
import { apiMessage } from '../../lib/apiMessage';
import { formatKst, formatNumber } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { sandboxQueryOptions } from '../../entities/platform/queries';
import { useIssueSandbox, useRevokeSandbox } from '../../entities/platform/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Fact, Facts } from '../../ui/Facts';
import css from './Platform.module.css';

type Issued = ResOf<typeof platformOpsCalls.sandboxIssue>;

/**
 * Sandbox vendor credentials of the site (docs/integrators.md, The sandbox): a game vendor runs the
 * wallet conformance kit with one before going live. Its secret is shown this once, in the kit's
 * whole command line, to copy; a credential is revoked at once.
 */
export function SiteSandbox({ prefix }: { prefix: string }) {
  const api = useApi();
  const { t } = useLingui();
  const list = useQuery(sandboxQueryOptions(api, prefix));
  const [made, setMade] = useState<Issued | null>(null);
  const [copied, setCopied] = useState<'secret' | 'command' | null>(null);
  const issue = useIssueSandbox(prefix, {
    confirm: () => t`샌드박스 자격 증명을 새로 만들까요? 테스트 플레이어 한 명이 플레이 머니로만 함께 만들어집니다.`,
    say: 'inline',
    onDone: (r) => {
      setCopied(null);
      setMade(r);
    },
  });
  const revoke = useRevokeSandbox(prefix, {
    confirm: (vendorCode) => t`${vendorCode} 자격 증명을 지금 막을까요? 이 코드로 오는 지갑 요청은 바로 거절됩니다.`,
    say: 'inline',
    onDone: () => setMade(null),
  });
  const command =
    made && `npm run vendor-check -- --site ${window.location.origin}/${prefix} --vendor ${made.vendorCode} --secret ${made.secret} --player ${made.player} --game ${made.game}`;
  const copy = async (what: 'secret' | 'command') => {
    await navigator.clipboard.writeText(what === 'secret' ? made!.secret : command!);
    setCopied(what);
  };
  const error = issue.error ?? revoke.error;
  return (
    <Card title={t`샌드박스 게임사 자격 증명`}>
      <div className={css.fields} data-testid="site-sandbox">
        <p className={css.lead}>
          <Trans>게임사가 연동을 확인할 때 씁니다. 테스트 플레이어에게만, 플레이 머니로만 플레이되고 사이트 실적에 들어가지 않습니다.</Trans>
        </p>
        {made && (
          <>
            <Facts boxed data-testid="sandbox-issued">
              <Fact label={t`게임사 코드`}>{made.vendorCode}</Fact>
              <Fact label={t`테스트 플레이어`}>{made.player}</Fact>
              <Fact label={t`게임`}>{made.game}</Fact>
            </Facts>
            <p className={css.lead}>
              <Trans>비밀 키는 지금 한 번만 보여요. 이 화면을 떠나면 다시 볼 수 없습니다.</Trans>
            </p>
            <output className={css.link} aria-label={t`비밀 키`} data-testid="sandbox-secret">
              {made.secret}
            </output>
            <Button variant="primary" block onClick={() => void copy('secret')}>
              {copied === 'secret' ? t`복사했습니다` : t`비밀 키 복사`}
            </Button>
            <output className={css.link} data-testid="sandbox-command">
              {command}
            </output>
            <Button variant="secondary" block onClick={() => void copy('command')}>
              {copied === 'command' ? t`복사했습니다` : t`점검 명령 복사`}
            </Button>
          </>
        )}
        {error && (
          <p className={css.fieldError} role="alert">
            {error}
          </p>
        )}
        {list.isError && (
          <p className={css.fieldError} role="alert">
            {apiMessage(list.error)}
          </p>
        )}
        {list.data?.list.map((c) => (
          <div key={c.vendorCode} className={css.fields} data-testid="sandbox-row">
            <Facts>
              <Fact label={t`게임사 코드`}>{c.vendorCode}</Fact>
              <Fact label={t`테스트 플레이어`}>
                {c.player} · {formatNumber(c.balance)}
              </Fact>
              <Fact label={t`상태`}>{c.revokedAt ? t`${formatKst(new Date(c.revokedAt), 'yyyy-MM-dd HH:mm')}에 막음` : t`사용 중`}</Fact>
            </Facts>
            {!c.revokedAt && (
              <Button variant="secondary" block disabled={revoke.busy} onClick={() => void revoke.submit(c.vendorCode)}>
                <Trans>막기</Trans>
              </Button>
            )}
          </div>
        ))}
        <Button variant={made ? 'secondary' : 'primary'} block disabled={issue.busy} onClick={() => void issue.submit(null)} data-testid="sandbox-issue">
          <Trans>샌드박스 자격 증명 만들기</Trans>
        </Button>
      </div>
    </Card>
  );
}
