import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpenInvitation } from '../../../contract/platformInvites';
import { apiMessage } from '../../lib/apiMessage';
import { useApi } from '../../lib/useApi';
import { invitesQueryOptions } from '../../entities/platform/queries';
import { useRevokeInvitation } from '../../entities/platform/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Empty } from '../../ui/Empty';
import { ListSkeleton } from '../../ui/ListSkeleton';
import css from './Platform.module.css';

/** Every open invitation (operator links of every site, and staff links for the owner), each revocable at once. */
export function OpenInvitations() {
  const api = useApi();
  const { t } = useLingui();
  const list = useQuery(invitesQueryOptions(api));
  const what = (i: OpenInvitation) => (i.kind === 'operator' ? t`/${i.prefix} 운영자 초대` : t`직원 초대`);
  const revoke = useRevokeInvitation({
    confirm: (i) => t`${what(i)} 링크를 취소할까요? 이 링크는 바로 쓸 수 없게 됩니다.`,
    say: 'inline',
  });
  const at = (wire: string) => wire.slice(0, 16).replace(/-/g, '\u2011');
  return (
    <Card title={t`열린 초대 링크`}>
      <div className={css.fields} data-testid="open-invitations">
        {list.isPending ? (
          <ListSkeleton rows={2} />
        ) : list.isError ? (
          <p className={css.lead} role="alert">
            {apiMessage(list.error)}
          </p>
        ) : list.data.list.length === 0 ? (
          <Empty>
            <Trans>아직 쓰지 않은 초대 링크가 없습니다.</Trans>
          </Empty>
        ) : (
          <ul className={css.staffList}>
            {list.data.list.map((i) => (
              <li key={`${i.kind}-${i.id}`} className={css.inviteRow} data-testid="open-invitation">
                <span className={css.inviteText}>
                  <strong>{what(i)}</strong>
                  <span className={css.status}>
                    {i.siteName && `${i.siteName} · `}
                    {i.by ? <Trans>만든 사람 {i.by}</Trans> : <Trans>만든 사람 없음</Trans>} · <Trans>{at(i.expiresAt)}까지</Trans>
                  </span>
                </span>
                <Button variant="secondary" disabled={revoke.busy} onClick={() => void revoke.submit(i)}>
                  <Trans>취소</Trans>
                </Button>
              </li>
            ))}
          </ul>
        )}
        {revoke.error && (
          <p className={css.fieldError} role="alert">
            {revoke.error}
          </p>
        )}
      </div>
    </Card>
  );
}
