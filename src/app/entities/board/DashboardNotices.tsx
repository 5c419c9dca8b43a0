import { Link, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { categoryName, shortDate } from './boardLabels';
import { mainNoticesQueryOptions } from '../site/siteContent';
import { Card } from '../../ui/Card';
import { Empty } from '../../ui/Empty';
import { useCaller } from '../../lib/caller';
import css from '../../ui/ShellExtras.module.css';
import { useApi } from '../../lib/useApi';

/** The dashboard's latest notices; a row opens the notice. */
export function DashboardNotices() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const q = useQuery(mainNoticesQueryOptions(api, prefix, caller.memId));
  const rows = q.data?.boardList ?? [];
  return (
    <Card
      title={
        <Link to="/$prefix/noticeList" params={{ prefix }}>
          <Trans>공지사항</Trans>
        </Link>
      }
      data-testid="dashboard-notices"
    >
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <ul className={css.noticeRows}>
          {rows.map((n) => (
            <li key={n.boardIdx}>
              <Link to="/$prefix/noticeRead/$boardIdx" params={{ prefix, boardIdx: n.boardIdx }}>
                <span className={css.cat}>{categoryName(n.category)}</span>
                <span className={css.rowTitle}>{n.title}</span>
                <time>{shortDate(n.regDate).slice(5, 10)}</time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
