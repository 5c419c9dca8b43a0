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
  /** refuse a quick add that would pass this (e.g. held cash) */
  onQuick?: (next: number) => boolean;
  decimals?: number;
  error?: ReactNode;
}

/** Amount field: thousands separators, numeric keypad, quick amounts that add, and reset. */
export function MoneyInput({ label, value, onChange, quickAmounts = [], onQuick, decimals = 0, error }: Props) {
  const id = useId();
  return (
    <div className={css.wrap}>
      <label className={fieldCss.label} htmlFor={id}>{label}</label>
      <input
        id={id}
        className={`${fieldCss.input} ${css.input}`}
        inputMode={decimals > 0 ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={displayAmount(value)}
        onChange={(e) => onChange(cleanAmount(e.target.value, decimals))}
        aria-invalid={error ? true : undefined}
      />
      {error && <span className={fieldCss.error} role="alert">{error}</span>}
      {quickAmounts.length > 0 && (
        <div className={css.quick}>
          {quickAmounts.map((q) => (
            <Button
              key={q}
              onClick={() => {
                const next = addAmount(value, q);
                if (!onQuick || onQuick(Number(next))) onChange(next);
              }}
            >
              +{formatNumber(q)}
            </Button>
          ))}
          <Button onClick={() => onChange('')}>
            <Trans>초기화</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
