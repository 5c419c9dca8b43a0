import type { HTMLAttributes, ReactNode } from 'react';
import css from './Facts.module.css';

export interface FactsProps extends HTMLAttributes<HTMLDListElement> {
  /** values in bold */
  strong?: boolean;
  /** on a shaded panel of its own */
  boxed?: boolean;
  /** tiles: label above value, two a row, ruled (an account's figures) */
  tiles?: boolean;
}

/** Label/value rows (a `<dl>`): the label left, the value right and wrapping anywhere, so a long id or sum fits at 320 px. */
export function Facts({ strong, boxed, tiles, className, ...rest }: FactsProps) {
  const classes = [css.facts, strong && css.strong, boxed && css.boxed, tiles && css.tiles, className];
  return <dl className={classes.filter(Boolean).join(' ')} {...rest} />;
}

/** One row of `Facts`; attributes (a test id) go on the value. */
export function Fact({ label, children, ...rest }: { label: ReactNode; children?: ReactNode } & Omit<HTMLAttributes<HTMLElement>, 'children'>) {
  return (
    <div>
      <dt>{label}</dt>
      <dd {...rest}>{children}</dd>
    </div>
  );
}
