import { useEffect, useRef, useState, type ReactNode } from 'react';
import css from './Tabs.module.css';

export interface Tab<K extends string> {
  key: K;
  label: ReactNode;
}

/**
 * A strip of tabs. Labels are never cut: when they do not all fit the strip scrolls, the selected
 * tab is scrolled into view, and a fade on an edge says more tabs lie that way. `wrap` lays many
 * tabs out in rows instead, every one in view (a fade hides too much when most lie off screen).
 */
export function Tabs<K extends string>({ tabs, value, onChange, wrap }: { tabs: Tab<K>[]; value: K; onChange: (k: K) => void; wrap?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const max = el.scrollWidth - el.clientWidth;
      setEdges({ start: el.scrollLeft > 1, end: el.scrollLeft < max - 1 });
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      ro.disconnect();
    };
  }, []);
  useEffect(() => {
    const el = ref.current;
    const tab = el?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!el || !tab) return;
    // the selected tab whole in view, with a little of its neighbour showing where there is one
    const pad = 24;
    const left = tab.offsetLeft; // the strip is the offset parent (position: relative)
    if (left - pad < el.scrollLeft) el.scrollTo({ left: Math.max(0, left - pad), behavior: 'smooth' });
    else if (left + tab.offsetWidth + pad > el.scrollLeft + el.clientWidth) el.scrollTo({ left: left + tab.offsetWidth + pad - el.clientWidth, behavior: 'smooth' });
  }, [value]);
  return (
    <div className={css.wrap} data-fade-start={edges.start || undefined} data-fade-end={edges.end || undefined}>
      <div role="tablist" className={css.tabs} ref={ref} data-wrap={wrap || undefined}>
        {tabs.map((tab) => (
          <button key={tab.key} type="button" role="tab" aria-selected={tab.key === value} className={css.tab} onClick={() => onChange(tab.key)}>
            {tab.label}
          </button>
        ))}
      </div>
    </div>
  );
}
