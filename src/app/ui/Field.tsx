import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import css from './Field.module.css';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  ok?: ReactNode;
  /** a button beside the input, e.g. a duplicate check */
  action?: ReactNode;
}

/** A labelled text input with its hint or error underneath. */
export function TextField({ label, hint, error, ok, action, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      <div className={css.row}>
        <input id={id} className={css.input} aria-invalid={error ? true : undefined} aria-describedby={error || ok || hint ? noteId : undefined} {...input} />
        {action}
      </div>
      <FieldNote id={noteId} hint={hint} error={error} ok={ok} />
    </div>
  );
}

export function SelectField({ label, hint, error, children, ...select }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={css.input} aria-invalid={error ? true : undefined} aria-describedby={error || hint ? noteId : undefined} {...select}>
        {children}
      </select>
      <FieldNote id={noteId} hint={hint} error={error} />
    </div>
  );
}

function FieldNote({ id, hint, error, ok }: Pick<FieldProps, 'hint' | 'error' | 'ok'> & { id: string }) {
  if (error)
    return (
      <span id={id} className={css.error} role="alert">
        {error}
      </span>
    );
  if (ok)
    return (
      <span id={id} className={css.ok}>
        {ok}
      </span>
    );
  if (hint)
    return (
      <span id={id} className={css.hint}>
        {hint}
      </span>
    );
  return null;
}

export const inputClass = css.input;
