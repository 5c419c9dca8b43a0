import type { ReactNode } from 'react';
import css from './SortLinks.module.css';

/** The row of sort links above a list; the current one is marked. */
export function SortLinks<K extends string>({ options, value, onChange, label }: { options: { key: K; label: ReactNode }[]; value: K; onChange: (k: K) => void; label: string }) {
  return (
    <div className={css.sorts} role="group" aria-label={label}>
      {options.map((o) => (
        <button key={o.key} type="button" className={css.sort} aria-pressed={o.key === value} onClick={() => onChange(o.key)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}
