import { useLingui } from '@lingui/react/macro';
import css from './ListSkeleton.module.css';

/** Grey cards in a list's place while its first read runs (nothing was ever seen on this device). */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useLingui();
  return (
    <ul className={css.list} aria-busy="true" aria-label={t`불러오는 중`} data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className={css.card}>
          <span className={css.line} />
          <span className={css.line} data-short />
        </li>
      ))}
    </ul>
  );
}
