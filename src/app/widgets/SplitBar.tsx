import { Money } from './Money';
import css from './Charts.module.css';

/** Shares of a whole (e.g. bets per game category) as one stacked bar with a legend. */
export function SplitBar({ parts, title }: { parts: { label: string; value: number; color: string }[]; title: string }) {
  const shown = parts.filter((p) => p.value > 0);
  const total = shown.reduce((a, p) => a + p.value, 0);
  if (total <= 0) return null;
  return (
    <figure className={css.figure} aria-label={title}>
      <div className={css.split} role="img" aria-label={title}>
        {shown.map((p) => (
          <span key={p.label} style={{ flexGrow: p.value, background: p.color }} title={p.label} />
        ))}
      </div>
      <figcaption className={css.legend}>
        {shown.map((p) => (
          <span key={p.label}>
            <i style={{ background: p.color }} />
            {p.label} {Math.round((p.value / total) * 100)}% · <Money value={p.value} />
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** One colour per game category, the same on every chart. */
export const categoryColors: Record<string, string> = {
  casino: '#c9302c',
  hcasino: '#e08a2b',
  slot: '#2f6fed',
  sport: '#1e8e3e',
  mini: '#8a4fd0',
};
