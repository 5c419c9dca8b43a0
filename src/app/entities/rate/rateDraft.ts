import { useState } from 'react';

export interface RatePair {
  pointRate: string;
  loseRate: string;
}
type Field = keyof RatePair;

/** The edited rates of one member per category, what changed, and whether any field blocks saving. */
export function useRateDraft(rows: { category: string; pointRate: number; loseRate: number }[]) {
  const initial = () => Object.fromEntries(rows.map((r) => [r.category, { pointRate: String(r.pointRate), loseRate: String(r.loseRate) }]));
  const [values, setValues] = useState<Record<string, RatePair>>(initial);
  const [bad, setBad] = useState<Record<string, boolean>>({});
  const get = (category: string): RatePair => values[category] ?? { pointRate: '', loseRate: '' };
  const set = (category: string, field: Field, value: string, invalid: boolean) => {
    setValues((v) => ({ ...v, [category]: { ...get(category), ...v[category], [field]: value } }));
    setBad((b) => ({ ...b, [`${category}.${field}`]: invalid }));
  };
  const changed = rows.filter((r) => Number(get(r.category).pointRate) !== r.pointRate || Number(get(r.category).loseRate) !== r.loseRate);
  return {
    get,
    set,
    changed,
    blocked: Object.values(bad).some(Boolean),
    reset: () => (setValues(initial()), setBad({})),
    list: () => rows.map((r) => ({ category: r.category, ...get(r.category) })),
  };
}
