import { useSnapshot } from 'valtio';
import { Trans } from '@lingui/react/macro';
import { formatKst } from '../lib/format';
import { session } from '../lib/session/store';
import css from '../ui/ShellExtras.module.css';

/** Offline (or when the last refresh failed), the time of the data on screen, in Korea time. */
export function LastSeen({ at, stale = false }: { at: number; stale?: boolean }) {
  const { online } = useSnapshot(session);
  if ((online && !stale) || !at) return null;
  const time = formatKst(at, 'yyyy-MM-dd HH:mm');
  return (
    <p className={css.lastSeen} role="status" data-testid="last-seen">
      <Trans>{time} 기준 마지막으로 확인한 내용입니다.</Trans>
    </p>
  );
}
