import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from './Button';
import css from './Article.module.css';

/** Previous / list / next under a detail page. */
export function PrevNext({ prev, next, onGo, onList }: { prev: number | null; next: number | null; onGo: (idx: number) => void; onList: () => void }) {
  const side = (idx: number | null, label: ReactNode) => (
    <Button disabled={idx === null} onClick={() => idx !== null && onGo(idx)}>
      {label}
    </Button>
  );
  return (
    <div className={css.nav}>
      {side(prev, <Trans>이전글</Trans>)}
      <Button variant="primary" onClick={onList}>
        <Trans>목록</Trans>
      </Button>
      {side(next, <Trans>다음글</Trans>)}
    </div>
  );
}
