import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiMessage } from '../../lib/apiMessage';
import { useInviteStaff, useRemoveStaff } from '../../entities/platform/writes';
import { useApi } from '../../lib/useApi';
import { staffQueryOptions } from '../../entities/platform/queries';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import css from './Platform.module.css';

/** The staff link carries its token in the fragment, so no request line or log holds it. */
export const staffJoinPath = (token: string) => `/platform/join#${token}`;

/** The platform's accounts: everyone sees them; the owner invites (a link shown once) and removes staff. */
export function PlatformStaff() {
  const api = useApi();
  const { t } = useLingui();
  const staff = useQuery(staffQueryOptions(api));
  const [link, setLink] = useState<{ url: string; until: string } | null>(null);
  const invite = useInviteStaff({
    say: 'inline',
    onDone: (r) => setLink({ url: `${window.location.origin}${staffJoinPath(r.invite.token)}`, until: r.invite.expiresAt.slice(0, 16).replace(/-/g, '\u2011') }),
  });
  const remove = useRemoveStaff({
    confirm: (loginId) => t`직원 계정 삭제: ${loginId}. 바로 로그아웃되고, 이 직원이 만든 초대 링크도 모두 쓸 수 없게 됩니다. 계속할까요?`,
    say: 'inline',
  });
  const busy = invite.busy || remove.busy;
  const error = invite.error ?? remove.error;
  const isOwner = staff.data?.me.role === 'owner';
  return (
    <Card title={t`플랫폼 계정`}>
      <div className={css.fields} data-testid="platform-staff">
        {staff.isPending ? (
          <p className={css.lead}>
            <Trans>불러오는 중…</Trans>
          </p>
        ) : staff.isError ? (
          <p className={css.lead} role="alert">
            {apiMessage(staff.error)}
          </p>
        ) : (
          <ul className={css.staffList}>
            {staff.data.list.map((a) => (
              <li key={a.loginId} className={css.staffRow}>
                <span>
                  {a.loginId} · {a.role === 'owner' ? t`소유자` : t`직원`}
                </span>
                {isOwner && a.role === 'staff' && (
                  <Button variant="secondary" disabled={busy} onClick={() => void remove.submit(a.loginId)}>
                    <Trans>삭제</Trans>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {isOwner && (
          <>
            <p className={css.lead}>
              <Trans>직원은 사이트를 보고 사이트 작업을 할 수 있습니다. 직원 초대와 삭제는 소유자만 할 수 있습니다.</Trans>
            </p>
            {link ? (
              <>
                <p className={css.lead}>
                  <Trans>이 링크를 직원에게 보내 주세요. 한 번만 쓸 수 있고 {link.until}까지 유효합니다. 이 화면을 떠나면 다시 볼 수 없습니다.</Trans>
                </p>
                <output className={css.link} data-testid="staff-link">
                  {link.url}
                </output>
                <Button variant="primary" block onClick={() => void navigator.clipboard.writeText(link.url)}>
                  <Trans>링크 복사</Trans>
                </Button>
              </>
            ) : (
              <Button variant="primary" block disabled={busy} onClick={() => void invite.submit(null)}>
                <Trans>직원 초대</Trans>
              </Button>
            )}
          </>
        )}
        {error && (
          <p className={css.fieldError} role="alert">
            {error}
          </p>
        )}
      </div>
    </Card>
  );
}
