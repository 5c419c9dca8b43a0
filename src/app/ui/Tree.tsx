import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import css from './Tree.module.css';

export interface TreeNode {
  id: string;
  label: ReactNode;
  hasChildren: boolean;
}

interface Props {
  roots: TreeNode[];
  /** children are loaded when a node is first opened */
  load: (id: string) => Promise<TreeNode[]>;
  selected: string | null;
  onSelect: (id: string) => void;
  /** levels shown below the roots */
  depth?: number;
}

/** An expandable tree: the arrow opens a node (loading its children once), the label selects it. */
export function Tree({ roots, load, selected, onSelect, depth = 4 }: Props) {
  const [kids, setKids] = useState<Record<string, TreeNode[] | 'loading'>>({});
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const { t } = useLingui();

  async function toggle(id: string) {
    const next = !open[id];
    setOpen((o) => ({ ...o, [id]: next }));
    if (next && !kids[id]) {
      setKids((k) => ({ ...k, [id]: 'loading' }));
      const list = await load(id).catch(() => []);
      setKids((k) => ({ ...k, [id]: list }));
    }
  }

  const branch = (nodes: TreeNode[], level: number): ReactNode => (
    <ul className={css.list} role={level === 0 ? 'tree' : 'group'}>
      {nodes.map((n) => {
        const children = kids[n.id];
        const canOpen = n.hasChildren && level < depth;
        return (
          <li key={n.id} role="treeitem" aria-expanded={canOpen ? !!open[n.id] : undefined} aria-selected={selected === n.id}>
            <div className={css.row}>
              {canOpen ? (
                <button type="button" className={css.arrow} aria-label={open[n.id] ? t`접기` : t`펼치기`} onClick={() => void toggle(n.id)}>
                  {open[n.id] ? '▾' : '▸'}
                </button>
              ) : (
                <span className={css.arrow} aria-hidden />
              )}
              <button type="button" className={css.label} data-selected={selected === n.id} onClick={() => onSelect(n.id)}>
                {n.label}
              </button>
            </div>
            {open[n.id] && children === 'loading' && <div className={css.loading}>…</div>}
            {open[n.id] && Array.isArray(children) && children.length > 0 && branch(children, level + 1)}
          </li>
        );
      })}
    </ul>
  );

  return (
    <nav className={css.tree} aria-label={t`하위 파트너`}>
      {branch(roots, 0)}
    </nav>
  );
}
