import { useSnapshot } from 'valtio';
import { Trans } from '@lingui/react/macro';
import { session } from '../../lib/session/store';
import { Card } from '../../ui/Card';
import css from './AdminShell.module.css';

export function AdminHome() {
  const { member, site } = useSnapshot(session);
  return (
    <div className={css.page} data-testid="admin-home">
      <h1 className={css.title}><Trans>운영자 홈</Trans></h1>
      <Card title={site?.siteName}>
        <p className={css.note}>{member?.memId} · {member?.memNick}</p>
      </Card>
    </div>
  );
}
