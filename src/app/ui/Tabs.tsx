import type { ReactNode } from 'react';
import css from './Tabs.module.css';

export interface Tab<K extends string> {
  key: K;
  label: ReactNode;
}

export function Tabs<K extends string>({ tabs, value, onChange }: { tabs: Tab<K>[]; value: K; onChange: (k: K) => void }) {
  return (
    <div role="tablist" className={css.tabs}>
      {tabs.map((tab) => (
        <button key={tab.key} type="button" role="tab" aria-selected={tab.key === value} className={css.tab} onClick={() => onChange(tab.key)}>
          {tab.label}
        </button>
      ))}
    </div>
  );
}
