/** A tiny trend line (no axes, no library): the shape of a short series, newest on the right. */
export function Sparkline({ values, label, width = 96, height = 28 }: { values: number[]; label?: string; width?: number; height?: number }) {
  if (values.length < 2) return null;
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const step = width / (values.length - 1);
  const y = (v: number) => (height - 2 - ((v - min) / span) * (height - 4)).toFixed(1);
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${y(v)}`).join(' ');
  const last = values[values.length - 1];
  return (
    <svg width="100%" height={height} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={label} style={{ display: 'block', overflow: 'visible', maxWidth: width }}>
      <polyline points={points} vectorEffect="non-scaling-stroke" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" opacity={0.8} />
      <circle cx={width} cy={y(last)} r={2.5} fill="currentColor" />
    </svg>
  );
}
