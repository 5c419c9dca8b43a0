import { useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { formatKst } from '../lib/format';
import { session } from '../lib/session/store';
import css from '../ui/AppChrome.module.css';

/** Offline: say so, with the time of the newest data on screen (Korea time). */
export default function OfflineBanner() {
  const client = useQueryClient();
  const { syncedAt } = useSnapshot(session);
  const newest = Math.max(
    syncedAt ?? 0,
    ...client
      .getQueryCache()
      .getAll()
      .map((q) => q.state.dataUpdatedAt),
  );
  const time = newest > 0 ? formatKst(newest, 'MM-dd HH:mm') : null;
  return (
    <div className={css.offline} role="status" data-testid="offline-banner">
      {time ? <Trans>오프라인 · {time} 기준 데이터입니다</Trans> : <Trans>오프라인 상태입니다</Trans>}
    </div>
  );
}
