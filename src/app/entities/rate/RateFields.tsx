import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RateInput } from './RateInput';
import css from '../../ui/Rates.module.css';

type Field = 'pointRate' | 'loseRate';

/** One row of rates: shown as text, or as inputs within the row's bounds when the table is editable. */
export interface RateFieldRow {
  key: string;
  name: string;
  pointRate: string | number;
  loseRate: string | number;
  minPointRate?: number;
  maxPointRate?: number;
  minLoseRate?: number;
  maxLoseRate?: number;
}

/**
 * The rate block: a name column then rolling and losing percent, one row per category, vendor
 * type or rate type. With `onChange` every value is a RateInput (digits only, clamped to its bounds
 * on leaving, with the alert); without it the values are read-only text.
 */
export function RateFields({
  head,
  rows,
  onChange,
  disabled,
  testId,
}: {
  head: ReactNode;
  rows: RateFieldRow[];
  onChange?: (key: string, field: Field, value: string, invalid: boolean) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useLingui();
  const cell = (r: RateFieldRow, f: Field) => {
    if (!onChange) return String(r[f]);
    const [min, max] = f === 'pointRate' ? [r.minPointRate, r.maxPointRate] : [r.minLoseRate, r.maxLoseRate];
    return (
      <RateInput
        label={f === 'pointRate' ? t`${r.name} 롤링` : t`${r.name} 루징`}
        name={`${r.key}.${f}`}
        value={String(r[f])}
        min={min ?? 0}
        max={max ?? 100}
        disabled={disabled}
        onChange={(v, bad) => onChange(r.key, f, v, bad)}
      />
    );
  };
  return (
    <table className={css.modalTable} data-testid={testId}>
      <thead>
        <tr>
          <th>{head}</th>
          <th>
            <Trans>롤링 %</Trans>
          </th>
          <th>
            <Trans>루징 %</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td>{r.name}</td>
            <td>{cell(r, 'pointRate')}</td>
            <td>{cell(r, 'loseRate')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
