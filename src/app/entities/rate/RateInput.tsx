import { useLingui } from '@lingui/react/macro';
import { clampAlert } from './rates';
import { clampRate, rateText } from './rateInput';
import css from '../../ui/Rates.module.css';

/**
 * A rate input with its bounds: digits only while typing; on leaving the field a value above the
 * maximum or below the minimum is alerted and reset to that bound.
 */
export function RateInput({
  value,
  onChange,
  min,
  max,
  label,
  disabled,
  name,
}: {
  value: string;
  onChange: (v: string, invalid: boolean) => void;
  min: number;
  max: number;
  label: string;
  disabled?: boolean;
  name?: string;
}) {
  const { t } = useLingui();
  const leave = async () => {
    const c = clampRate(value, min, max);
    if (c.error === 'nan') {
      onChange(value, true);
      return;
    }
    onChange(c.value, false);
    if (c.error) await clampAlert(c.error);
  };
  const invalid = clampRate(value, min, max).error === 'nan';
  return (
    <span className={css.rateField}>
      <input
        className={css.rateInput}
        inputMode="decimal"
        aria-label={label}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(rateText(e.target.value), false)}
        onBlur={() => void leave()}
      />
      <small className={css.bounds} title={t`최소 ~ 최대`}>
        {min}~{max}
      </small>
    </span>
  );
}
