import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import css from './Filters.module.css';

/** The filter strip above a list: wraps on phones; Enter or the search button submits. */
export function FilterBar({ children, onSubmit }: { children: ReactNode; onSubmit?: () => void }) {
  return (
    <form
      className={css.bar}
      role="search"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit?.();
      }}
    >
      {children}
    </form>
  );
}

export function Check({ label, ...input }: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={css.check}>
      <input type="checkbox" {...input} />
      {label}
    </label>
  );
}

export const checksClass = css.checks;
