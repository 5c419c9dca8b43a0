import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { localeOf, type Language } from '../../contract/enums';
import { formatNumber } from '../lib/format';
import css from './Charts.module.css';

export interface Series {
  label: string;
  /** a CSS colour or custom property */
  color: string;
  values: number[];
}


/** The box's width in CSS pixels, so the chart draws at its real size (text never stretches). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => setWidth(Math.floor(e.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}

/** Grouped bars per label (e.g. a day's bet and win) as inline SVG. */
export function BarChart({ labels, series, title, height = 180 }: { labels: string[]; series: Series[]; title: string; height?: number }) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const { i18n } = useLingui();
  const compact = new Intl.NumberFormat(localeOf(i18n.locale as Language), { notation: 'compact', maximumFractionDigits: 1 });
  const short = (v: number) => compact.format(v);
  const n = labels.length;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const pad = { l: 40, b: 20, t: 8 };
  const plot = height - pad.b - pad.t;
  const slot = n ? (width - pad.l) / n : 0;
  const barW = Math.max(2, Math.min(18, (slot * 0.8) / series.length));
  const every = Math.max(1, Math.ceil(44 / Math.max(1, slot)));
  const y = (v: number) => pad.t + plot - (Math.max(0, v) / max) * plot;
  return (
    <figure className={css.figure}>
      <div ref={ref} className={css.box} style={{ height }}>
        {width > 0 && n > 0 && (
          <svg width={width} height={height} role="img" aria-label={title}>
            {[0, 0.5, 1].map((f) => (
              <g key={f}>
                <line x1={pad.l} x2={width} y1={y(max * f)} y2={y(max * f)} className={css.grid} />
                <text x={pad.l - 4} y={y(max * f) + 4} className={css.axis} textAnchor="end">{short(max * f)}</text>
              </g>
            ))}
            {labels.map((l, i) => {
              const x0 = pad.l + i * slot + (slot - barW * series.length) / 2;
              return (
                <g key={l}>
                  {series.map((s, k) => {
                    const v = s.values[i] ?? 0;
                    return (
                      <rect key={s.label} x={x0 + k * barW} y={y(v)} width={Math.max(1, barW - 1)} height={pad.t + plot - y(v)} fill={s.color} rx={1}>
                        <title>{`${l} ${s.label}: ${formatNumber(v)}`}</title>
                      </rect>
                    );
                  })}
                  {i % every === 0 && <text x={pad.l + i * slot + slot / 2} y={height - 5} className={css.axis} textAnchor="middle">{l}</text>}
                </g>
              );
            })}
          </svg>
        )}
      </div>
      <figcaption className={css.legend}>
        <strong>{title}</strong>
        {series.map((s) => <span key={s.label}><i style={{ background: s.color }} />{s.label}</span>)}
      </figcaption>
    </figure>
  );
}
