import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { invitePath } from '../../../contract/platformSiteRules';
import type { Opened } from '../../entities/platform/writes';
import { buttonClass, Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PlatformFrame } from './PlatformFrame';
import css from './Platform.module.css';

/** The site is open: its first operator's one-time link, to copy or share (shown once: only its hash is kept). */
export function SiteInvite({ opened }: { opened: Opened }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}${invitePath(opened.prefix, opened.invite.token)}`;
  // to the minute, its hyphens unbreakable: the date stays on one line
  const until = opened.invite.expiresAt.slice(0, 16).replace(/-/g, '\u2011');
  const copy = async () => {
    await navigator.clipboard.writeText(link);
    setCopied(true);
  };
  const share = () => navigator.share({ title: opened.name, url: link }).catch(() => undefined);
  return (
    <PlatformFrame title={t`사이트를 열었습니다`} subtitle={`/${opened.prefix} · ${opened.name}`} logo={`/${opened.prefix}/icons/icon-192.png`}>
      <div className={css.steps} data-testid="site-opened">
        <Card title={t`운영자 초대 링크`}>
          <div className={css.fields}>
            <p className={css.lead}>
              <Trans>이 링크를 운영자에게 보내 주세요. 운영자가 아이디와 비밀번호를 직접 정합니다. 한 번만 쓸 수 있고 {until}까지 유효합니다.</Trans>
            </p>
            <output className={css.link} data-testid="invite-link">
              {link}
            </output>
            <Button variant="primary" block onClick={() => void copy()}>
              {copied ? t`복사했습니다` : t`링크 복사`}
            </Button>
            {'share' in navigator && (
              <Button block onClick={() => void share()}>
                <Trans>공유</Trans>
              </Button>
            )}
            <p className={css.lead}>
              <Trans>이 화면을 떠나면 링크를 다시 볼 수 없습니다. 잃어버리면 사이트 화면의 ‘새 초대 링크 만들기’로 다시 만드세요.</Trans>
            </p>
          </div>
        </Card>
        {opened.brandError && (
          <p className={css.fieldError} role="alert">
            <Trans>사이트는 열렸지만 브랜드를 저장하지 못했습니다: {opened.brandError}</Trans>
          </p>
        )}
        <Link to="/platform" className={buttonClass('secondary', true)}>
          <Trans>사이트 목록으로</Trans>
        </Link>
      </div>
    </PlatformFrame>
  );
}
