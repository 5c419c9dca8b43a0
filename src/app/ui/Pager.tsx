import { useLingui } from '@lingui/react/macro';
import { pageWindow } from './pages';
import css from './Pager.module.css';

/** The page facts every list answer carries (the spec's spellings). */
interface PageFacts {
  page: number;
  count_per_list: number;
  tatal_list_count: number;
}

export function Pager({ info, onPage }: { info: PageFacts; onPage: (page: number) => void }) {
  const { t } = useLingui();
  const w = pageWindow(info.page, info.tatal_list_count, info.count_per_list);
  if (w.last <= 1) return null;
  return (
    <nav className={css.pager} aria-label={t`페이지`}>
      <button type="button" className={css.page} disabled={w.prev === null} onClick={() => w.prev && onPage(w.prev)} aria-label={t`이전`}>
        ‹
      </button>
      {w.pages.map((p) => (
        <button key={p} type="button" className={css.page} aria-current={p === info.page ? 'page' : undefined} onClick={() => onPage(p)}>
          {p}
        </button>
      ))}
      <button type="button" className={css.page} disabled={w.next === null} onClick={() => w.next && onPage(w.next)} aria-label={t`다음`}>
        ›
      </button>
    </nav>
  );
}
