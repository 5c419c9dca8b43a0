import type { Key, ReactNode } from 'react';
import { Empty } from './Empty';
import css from './DataList.module.css';

export interface Column<T> {
  key: string;
  label: ReactNode;
  render: (row: T) => ReactNode;
  numeric?: boolean;
}

/** One list, two looks: label/value cards under 768px, a table above. */
export function DataList<T>({
  rows,
  columns,
  rowKey,
  empty,
  card,
  foot,
  fresh,
  rowTestId,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => Key;
  empty?: ReactNode;
  /** a compact phone card instead of one label/value pair per column */
  card?: (row: T) => ReactNode;
  /** a totals row: the table's footer, a last highlighted card on phones */
  foot?: T;
  /** the row a receipt just pointed at (its rowKey): scrolled to and marked */
  fresh?: Key | null;
  /** a data-testid per row (on the card and on the table row; one of the two is shown) */
  rowTestId?: (row: T) => string;
}) {
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  return (
    <>
      <ul className={css.cards}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={css.card} data-testid={rowTestId?.(row)} {...freshProps(fresh, rowKey(row))}>
            {card ? (
              card(row)
            ) : (
              <dl style={{ margin: 0 }}>
                {columns.map((c) => (
                  <div key={c.key} className={css.pair}>
                    <dt>{c.label}</dt>
                    <dd className={c.numeric ? css.num : undefined}>{c.render(row)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
        {foot && (
          <li className={`${css.card} ${css.footCard}`}>
            <dl style={{ margin: 0 }}>
              {columns.map((c) => (
                <div key={c.key} className={css.pair}>
                  <dt>{c.label}</dt>
                  <dd className={c.numeric ? css.num : undefined}>{c.render(foot)}</dd>
                </div>
              ))}
            </dl>
          </li>
        )}
      </ul>
      <div className={css.tableWrap}>
        <table className={css.table}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} className={c.numeric ? css.num : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId?.(row)} {...freshProps(fresh, rowKey(row))}>
                {columns.map((c) => (
                  <td key={c.key} className={c.numeric ? css.num : undefined}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {foot && (
            <tfoot>
              <tr className={css.foot}>
                {columns.map((c) => (
                  <td key={c.key} className={c.numeric ? css.num : undefined}>
                    {c.render(foot)}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </>
  );
}

const scrolled = new WeakSet<HTMLElement>();

/** The fresh row: marked, and scrolled to once in whichever look (cards or table) is shown. */
function freshProps(fresh: Key | null | undefined, key: Key) {
  if (fresh == null || fresh !== key) return {};
  return {
    'data-fresh': true,
    ref: (el: HTMLElement | null) => {
      if (!el?.offsetParent || scrolled.has(el)) return;
      scrolled.add(el);
      el.scrollIntoView({ block: 'center' });
    },
  };
}
