import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { invitePath } from '../../../contract/platformSiteRules';
import { useInviteOperator } from '../../entities/platform/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import css from './Platform.module.css';

interface Made {
  url: string;
  until: string;
  operators: number;
}

/**
 * A fresh operator invitation from the site's page: the earlier unused links stop working; the new
 * one is shown this once, to copy. A site that has an operator already gets one more (said first).
 */
export function SiteInvitations({ prefix, operators }: { prefix: string; operators: number }) {
  const { t } = useLingui();
  const [made, setMade] = useState<Made | null>(null);
  const [copied, setCopied] = useState(false);
  const write = useInviteOperator(prefix, {
    confirm: () =>
      operators > 0
        ? t`이 사이트에는 이미 운영자가 ${operators}명 있습니다. 새 링크로 운영자 계정이 하나 더 만들어집니다. 전에 만든, 아직 쓰지 않은 초대 링크는 더 이상 쓸 수 없습니다. 새 링크를 만들까요?`
        : t`새 초대 링크를 만들까요? 전에 만든, 아직 쓰지 않은 초대 링크는 더 이상 쓸 수 없습니다.`,
    say: 'inline',
    onDone: (r) => {
      setCopied(false);
      // to the minute, its hyphens unbreakable: the date stays on one line
      setMade({ url: `${window.location.origin}${invitePath(prefix, r.invite.token)}`, until: r.invite.expiresAt.slice(0, 16).replace(/-/g, '\u2011'), operators: r.operators });
    },
  });
  const copy = async () => {
    await navigator.clipboard.writeText(made!.url);
    setCopied(true);
  };
  return (
    <Card title={t`운영자 초대`}>
      <div className={css.fields} data-testid="site-invitations">
        <p className={css.lead}>
          {operators > 0 ? <Trans>운영자 계정 {operators}개가 있습니다.</Trans> : <Trans>아직 운영자 계정이 없습니다.</Trans>}{' '}
          <Trans>초대 링크를 잃어버렸거나 만료되었으면 새로 만드세요.</Trans>
        </p>
        {made && (
          <>
            <p className={css.lead}>
              {made.operators > 0 ? (
                <Trans>이 링크로 운영자가 한 명 더 생깁니다. 한 번만 쓸 수 있고 {made.until}까지 유효합니다. 이 화면을 떠나면 다시 볼 수 없습니다.</Trans>
              ) : (
                <Trans>이 링크를 운영자에게 보내 주세요. 한 번만 쓸 수 있고 {made.until}까지 유효합니다. 이 화면을 떠나면 다시 볼 수 없습니다.</Trans>
              )}
            </p>
            <output className={css.link} data-testid="fresh-invite-link">
              {made.url}
            </output>
            <Button variant="primary" block onClick={() => void copy()}>
              {copied ? t`복사했습니다` : t`링크 복사`}
            </Button>
          </>
        )}
        {write.error && (
          <p className={css.fieldError} role="alert">
            {write.error}
          </p>
        )}
        <Button variant={made ? 'secondary' : 'primary'} block disabled={write.busy} onClick={() => void write.submit(null)} data-testid="fresh-invite">
          <Trans>새 초대 링크 만들기</Trans>
        </Button>
      </div>
    </Card>
  );
}
