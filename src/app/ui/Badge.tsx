import type { ReactNode } from 'react';
import css from './Badge.module.css';

type Tone = 'new' | 'ok' | 'wait' | 'muted';

export function Badge({ tone = 'muted', children, label }: { tone?: Tone; children: ReactNode; label?: string }) {
  return (
    <span className={`${css.badge} ${css[tone]}`} aria-label={label}>
      {children}
    </span>
  );
}
