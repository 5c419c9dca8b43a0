import { startTransition, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { localeOf, type Language } from '../../contract/enums';
import { useSnapshot } from 'valtio';
import { formatCompact, formatMoney, formatNumber } from '../lib/format';
import { session } from '../lib/session/store';
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
    // drawn in a transition: a page's charts draw in slices instead of one long task
    const ro = new ResizeObserver(([e]) => startTransition(() => setWidth(Math.floor(e.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The app's one chart: daily bars (grouped per label) or lines, inline SVG with a value axis and
 * day labels; a tap or hover on a day shows its values underneath. Negative values (net, GGR)
 * grow down from the zero line. `small` draws a card-sized chart without the legend.
 */
export function Chart({
  labels,
  series,
  title,
  kind = 'bar',
  height = 180,
  small = false,
  money = true,
  pending = false,
  testId,
}: {
  labels: string[];
  series: Series[];
  title: string;
  kind?: 'bar' | 'line';
  height?: number;
  small?: boolean;
  /** amounts in the site's unit (shown times cashDecimal); false for counts */
  money?: boolean;
  /** the figures are still on their way: an empty box of the chart's height, not "no data" */
  pending?: boolean;
  testId?: string;
}) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const { i18n, t } = useLingui();
  const [sel, setSel] = useState<number | null>(null);
  const { site } = useSnapshot(session);
  const unit = money ? (site?.cashDecimal ?? 1) : 1;
  const format = (v: number) => (money ? formatMoney(v, unit) : formatNumber(v));
  const locale = localeOf(i18n.locale as Language);
  const n = labels.length;
  const all = series.flatMap((s) => s.values);
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const span = max - min || 1;
  const ticks = min < 0 ? [max, 0, min] : small ? [max, 0] : [max, max / 2, 0];
  // axis labels ('1.2만')
  const tickText = ticks.map((v) => formatCompact(v * unit, locale));
  // the value axis is as wide as its longest label, so '-37.2만' is never cut
  const pad = { l: 8 + 6 * Math.max(...tickText.map((s) => s.length)), r: 14, b: 16, t: 6 };
  const plot = height - pad.b - pad.t;
  const slot = n ? (width - pad.l - pad.r) / n : 0;
  const y = (v: number) => pad.t + ((max - v) / span) * plot;
  const zero = y(0);
  const every = Math.max(1, Math.ceil((small ? 36 : 44) / Math.max(1, slot)));
  const barW = Math.max(1, Math.min(18, (slot * 0.8) / series.length));
  const cx = (i: number) => pad.l + i * slot + slot / 2;

  const pick = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const i = Math.floor((e.clientX - box.left - pad.l) / slot);
    setSel(i >= 0 && i < n ? i : null);
  };

  const shown = sel ?? null;
  // nothing to draw: say so instead of a flat line (the measured box stays, so a later series draws)
  const empty = all.every((v) => v === 0);
  return (
    <figure className={css.figure} data-small={small || undefined} data-testid={testId}>
      <div ref={ref} className={css.box} style={{ height }} aria-busy={pending || undefined}>
        {empty && !pending && <div className={css.empty} style={{ height }} role="img" aria-label={title} data-testid="chart-empty">{t`데이터가 없습니다`}</div>}
        {!empty && width > 0 && n > 0 && (
          <svg
            width={width}
            height={height}
            role="img"
            aria-label={title}
            className={css.svg}
            onPointerDown={pick}
            onPointerMove={pick}
            onPointerLeave={(e) => e.pointerType === 'mouse' && setSel(null)}
          >
            {shown !== null && <rect x={pad.l + shown * slot} y={pad.t} width={slot} height={plot} className={css.pick} />}
            {ticks.map((v, i) => (
              <g key={i}>
                <line x1={pad.l} x2={width - pad.r} y1={y(v)} y2={y(v)} className={v === 0 ? css.zero : css.grid} />
                {/* a label too close to the zero line's would overlap it: the zero one wins */}
                {(v === 0 || Math.abs(y(v) - zero) >= 10) && (
                  <text x={pad.l - 4} y={y(v) + 3} className={css.axis} textAnchor="end">
                    {tickText[i]}
                  </text>
                )}
              </g>
            ))}
            {kind === 'bar' &&
              labels.map((l, i) => {
                const x0 = pad.l + i * slot + (slot - barW * series.length) / 2;
                return (
                  <g key={l}>
                    {series.map((s, k) => {
                      const v = s.values[i] ?? 0;
                      const top = Math.min(y(v), zero);
                      return (
                        <rect
                          key={s.label}
                          x={x0 + k * barW}
                          y={top}
                          width={Math.max(1, barW - 1)}
                          height={Math.max(v === 0 ? 0 : 1, Math.abs(y(v) - zero))}
                          fill={s.color}
                          rx={1}
                        />
                      );
                    })}
                  </g>
                );
              })}
            {kind === 'line' &&
              series.map((s) => (
                <g key={s.label}>
                  <polyline
                    points={s.values.map((v, i) => `${cx(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
                    fill="none"
                    stroke={s.color}
                    strokeWidth={2}
                    strokeLinejoin="round"
                    strokeLinecap="round"
                  />
                  {shown !== null && <circle cx={cx(shown)} cy={y(s.values[shown] ?? 0)} r={3.5} fill={s.color} />}
                </g>
              ))}
            {labels.map(
              (l, i) =>
                (i % every === 0 || i === n - 1) &&
                (i === n - 1 || n - 1 - i >= every) && (
                  <text key={l} x={cx(i)} y={height - 3} className={css.axis} textAnchor="middle">
                    {l}
                  </text>
                ),
            )}
          </svg>
        )}
      </div>
      <figcaption className={css.legend} aria-live="polite" data-testid="chart-readout">
        {empty ? null : shown !== null ? (
          <>
            <strong>{labels[shown]}</strong>
            {series.map((s) => (
              <span key={s.label}>
                <i style={{ background: s.color }} />
                {s.label} {format(s.values[shown] ?? 0)}
              </span>
            ))}
          </>
        ) : small ? null : (
          <>
            <strong>{title}</strong>
            {series.map((s) => (
              <span key={s.label}>
                <i style={{ background: s.color }} />
                {s.label}
              </span>
            ))}
          </>
        )}
      </figcaption>
    </figure>
  );
}
