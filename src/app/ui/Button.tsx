import type { ButtonHTMLAttributes } from 'react';
import css from './Button.module.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'ghost'; block?: boolean };

export function Button({ variant = 'secondary', block, className, type = 'button', ...rest }: Props) {
  const cls = [css.button, variant !== 'secondary' && css[variant], block && css.block, className].filter(Boolean).join(' ');
  return <button type={type} className={cls} {...rest} />;
}

export const buttonClass = (variant: 'primary' | 'secondary' | 'ghost' = 'secondary', block = false) =>
  [css.button, variant !== 'secondary' && css[variant], block && css.block].filter(Boolean).join(' ');
