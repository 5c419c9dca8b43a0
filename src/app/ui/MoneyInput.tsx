import { useId, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { formatNumber } from '../lib/format';
import { addAmount, cleanAmount, displayAmount } from './amount';
import { Button } from './Button';
import fieldCss from './Field.module.css';
import css from './MoneyInput.module.css';

interface Props {
  label: ReactNode;
  /** raw digits ('' when empty) */
  value: string;
  onChange: (raw: string) => void;
  quickAmounts?: readonly number[];
  /** the "all" chip: sets the field to this amount (the held money or points) */
  all?: number;
  decimals?: number;
  /** the field's rule, said before submit (minimum, balance, once a minute) */
  hint?: ReactNode;
  /** what is wrong with the amount now, or the server's refusal that concerns it */
  error?: ReactNode;
  name?: string;
  disabled?: boolean;
}

/** Amount field: separators, numeric keypad, its rule and its problem beside it, quick amounts that add, "all" and reset. */
export function MoneyInput({ label, value, onChange, quickAmounts = [], all, decimals = 0, hint, error, name, disabled }: Props) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={css.wrap}>
      <label className={fieldCss.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={`${fieldCss.input} ${css.input}`}
        inputMode={decimals > 0 ? 'decimal' : 'numeric'}
        autoComplete="off"
        // a money field: the every-screen check closes it offline and keeps it above the fold
        data-money
        value={displayAmount(value)}
        disabled={disabled}
        onChange={(e) => onChange(cleanAmount(e.target.value, decimals))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? noteId : undefined}
      />
      {(error || hint) && (
        <span id={noteId} className={error ? fieldCss.error : fieldCss.hint} role={error ? 'alert' : undefined} data-testid={error ? 'amount-error' : 'amount-hint'}>
          {error ?? hint}
        </span>
      )}
      {(quickAmounts.length > 0 || all !== undefined) && (
        <div className={css.quick}>
          {quickAmounts.map((q) => (
            <Button key={q} disabled={disabled} onClick={() => onChange(addAmount(value, q))}>
              +{formatNumber(q)}
            </Button>
          ))}
          {all !== undefined && (
            <Button disabled={disabled || all <= 0} onClick={() => onChange(all > 0 ? String(all) : '')}>
              <Trans>전액</Trans>
            </Button>
          )}
          <Button disabled={disabled} onClick={() => onChange('')}>
            <Trans>초기화</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
