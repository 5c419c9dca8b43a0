import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format';
import css from './GamePlay.module.css';

const short = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}K` : String(n));

/** Chip values as big round buttons; the selected one is pressed. */
export function ChipPicker({ chips, value, onChange }: { chips: number[]; value: number; onChange: (v: number) => void }) {
  const { t } = useLingui();
  return (
    <div className={css.chips} role="radiogroup" aria-label={t`칩 선택`}>
      {chips.map((c) => (
        <button key={c} type="button" role="radio" aria-checked={c === value} aria-label={formatNumber(c)} className={css.chip} onClick={() => onChange(c)}>
          {short(c)}
        </button>
      ))}
    </div>
  );
}
