import { createContext, useContext, useState, useSyncExternalStore, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BottomSheet } from './BottomSheet';
import { Button } from './Button';
import css from './Filters.module.css';

const WIDE = '(min-width: 768px)';
const subscribe = (cb: () => void) => {
  const m = window.matchMedia(WIDE);
  m.addEventListener('change', cb);
  return () => m.removeEventListener('change', cb);
};
/** True on tablets and desktops (filters inline), false on phones (filters in a sheet). */
export function useWide() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

/** Closes the filter sheet around a control that applies a search (a no-op inline). */
const CloseFilters = createContext<() => void>(() => undefined);
export const useCloseFilters = () => useContext(CloseFilters);

/**
 * The filters of a list. Inline on wide screens (wraps; Enter or the search button submits).
 * With a `summary`, phones show one chip row that says what is applied
 * ("11-20 ~ 11-26 · 아이디 · 최신순") and open the filters in a bottom sheet, so the list starts
 * on the first screen.
 */
export function FilterBar({
  children,
  onSubmit,
  summary,
  title,
}: {
  children: ReactNode;
  onSubmit?: () => void;
  summary?: (ReactNode | false | null | undefined)[];
  /** what the sheet holds, where it is not a list's search (a report's date window: 기간) */
  title?: string;
}) {
  const wide = useWide();
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit?.();
    setOpen(false);
  };
  if (!summary || wide) {
    return (
      <form className={css.bar} role="search" onSubmit={submit}>
        {children}
      </form>
    );
  }
  const parts = summary.filter((p): p is NonNullable<ReactNode> => p !== false && p !== null && p !== undefined && p !== '');
  return (
    <>
      {/* named by what it shows (the conditions), so a voice command that reads them reaches it */}
      <button type="button" className={css.summary} aria-haspopup="dialog" title={title ?? t`검색 조건 열기`} onClick={() => setOpen(true)} data-testid="filter-open">
        <FilterIcon />
        <span className={css.summaryText}>
          {parts.length ? (
            parts.map((p, i) => (
              <span key={i} className={css.summaryPart}>
                {p}
              </span>
            ))
          ) : (
            <Trans>검색 조건</Trans>
          )}
        </span>
      </button>
      <BottomSheet open={open} title={title ?? t`검색 조건`} onClose={() => setOpen(false)}>
        <CloseFilters.Provider value={() => setOpen(false)}>
          <form className={css.sheetForm} role="search" onSubmit={submit} data-testid="filter-sheet">
            {children}
            <Button type="submit" variant="primary" className={css.apply}>
              <Trans>결과 보기</Trans>
            </Button>
          </form>
        </CloseFilters.Provider>
      </BottomSheet>
    </>
  );
}

function FilterIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden>
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
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
