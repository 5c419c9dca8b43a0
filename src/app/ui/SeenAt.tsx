import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { formatKst } from '../lib/format';
import { session } from '../lib/session/store';
import css from './Filters.module.css';

/** Under a list shown from the cache: the time of that last-seen data. */
export function SeenAt({ query }: { query: { dataUpdatedAt: number; isError: boolean; data: unknown } }) {
  const { online } = useSnapshot(session);
  if (!query.data || !query.dataUpdatedAt || (online && !query.isError)) return null;
  const time = formatKst(query.dataUpdatedAt, 'MM-dd HH:mm');
  return (
    <p className={css.seen} role="status" data-testid="seen-at">
      <Trans>{time}에 마지막으로 본 내역입니다</Trans>
    </p>
  );
}
