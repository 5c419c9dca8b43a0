import type { HTMLAttributes, ReactNode } from 'react';
import css from './Card.module.css';

export function Card({ title, children, className, ...rest }: { title?: ReactNode } & Omit<HTMLAttributes<HTMLElement>, 'title'>) {
  return (
    <section className={[css.card, className].filter(Boolean).join(' ')} {...rest}>
      {title && <h2 className={css.title}>{title}</h2>}
      {children}
    </section>
  );
}
