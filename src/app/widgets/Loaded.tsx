import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { SeenAt } from './SeenAt';
import emptyCss from '../ui/Empty.module.css';

interface ListQuery<D> {
  data: D | undefined;
  dataUpdatedAt: number;
  isError: boolean;
}

/**
 * What the server last gave for a list, never more: the data with its time when it comes from the
 * cache, "cannot load" when it was never read, nothing while the first read runs. An empty state
 * is only ever one the server sent.
 */
export function Loaded<D>({ query, children }: { query: ListQuery<D>; children: (data: D) => ReactNode }) {
  if (query.data !== undefined) {
    return (
      <>
        <SeenAt query={query} />
        {children(query.data)}
      </>
    );
  }
  return query.isError ? <NotLoaded /> : null;
}

/** In place of a list (or a status) that could not be read and was never seen on this device. */
export function NotLoaded() {
  return (
    <div className={emptyCss.empty} role="status" data-testid="not-loaded">
      <Trans>불러올 수 없어요. 연결되면 다시 확인해 주세요.</Trans>
    </div>
  );
}
