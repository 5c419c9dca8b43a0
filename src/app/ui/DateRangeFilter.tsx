import { Trans, useLingui } from '@lingui/react/macro';
import { lastDays, type DayRange } from '../lib/dayRange';
import { inputClass } from './Field';
import css from './Filters.module.css';

/** "11-20 ~ 11-26" (or one day) for a filter summary. */
export const rangeSummary = (r: DayRange) => (r.start === r.end ? r.start.slice(5) : `${r.start.slice(5)} ~ ${r.end.slice(5)}`);

/** Start and end days (Korea time) with quick spans back from today; on narrow phones the two dates stack so the year is never cut. */
export function DateRangeFilter({ value, onChange, quick = [7, 15, 30] }: { value: DayRange; onChange: (r: DayRange) => void; quick?: number[] }) {
  const { t } = useLingui();
  return (
    <div className={css.range}>
      <div className={css.dates}>
        <input
          type="date"
          className={inputClass}
          aria-label={t`시작일`}
          value={value.start}
          max={value.end}
          onChange={(e) => e.target.value && onChange({ ...value, start: e.target.value })}
        />
        <span aria-hidden>~</span>
        <input
          type="date"
          className={inputClass}
          aria-label={t`종료일`}
          value={value.end}
          min={value.start}
          onChange={(e) => e.target.value && onChange({ ...value, end: e.target.value })}
        />
      </div>
      <div className={css.presets}>
        {quick.map((d) => (
          <button key={d} type="button" className={css.chip} onClick={() => onChange(lastDays(d))}>
            <Trans>{d}일</Trans>
          </button>
        ))}
      </div>
    </div>
  );
}
