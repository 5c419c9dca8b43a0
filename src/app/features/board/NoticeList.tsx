import { getRouteApi, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import type { boardCalls } from '../../../contract/board';
import type { ResOf } from '../../../contract/define';
import { categoryName, shortDate } from '../../entities/board/boardLabels';
import { DataList, type Column } from '../../ui/DataList';
import { LastSeen } from '../../widgets/LastSeen';
import { Pager } from '../../ui/Pager';
import { SearchBar } from '../../ui/SearchBar';
import { NewBadge } from './marks';
import { noticeListQueryOptions } from '../../entities/board/queries';
import { useCaller } from '../../lib/caller';
import css from './boardCss';
import { useApi } from '../../lib/useApi';

const route = getRouteApi('/$prefix/_member/noticeList');
type Row = ResOf<typeof boardCalls.list.nt>['list'][number];

export function NoticeList() {
  const api = useApi();
  const { prefix } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const caller = useCaller();
  const q = useQuery(noticeListQueryOptions(api, prefix, caller.memId, search));
  const rows = q.data?.list ?? [];

  const cat = (r: Row) => <span className={css.cat}>{categoryName(r.category)}</span>;
  const title = (r: Row) => (
    <Link to="/$prefix/noticeRead/$boardIdx" params={{ prefix, boardIdx: r.boardIdx }} className={css.titleLink}>
      {r.title}
      {r.newYn === 'Y' && <NewBadge />}
    </Link>
  );
  const columns: Column<Row>[] = [
    { key: 'cat', label: <Trans>분류</Trans>, render: cat },
    { key: 'title', label: <Trans>제목</Trans>, render: title },
    { key: 'author', label: <Trans>작성자</Trans>, render: (r) => r.memName },
    { key: 'date', label: <Trans>작성일</Trans>, render: (r) => shortDate(r.regDate) },
  ];

  return (
    <div className={css.page} data-testid="notice-list">
      <h1 className={css.h1}>
        <Trans>공지사항</Trans>
      </h1>
      <SearchBar key={`${search.so}-${search.sv}`} option={search.so} value={search.sv} onSearch={(so, sv) => void navigate({ search: { so, sv } })} />
      <LastSeen at={q.dataUpdatedAt} stale={q.isError} />
      <DataList
        rows={rows}
        columns={columns}
        rowKey={(r) => r.boardIdx}
        empty={<Trans>공지사항이 없습니다.</Trans>}
        card={(r) => (
          <div className={css.cardMain}>
            <div className={css.cardMeta}>
              {cat(r)}
              <span>{r.memName}</span>
              <span>{shortDate(r.regDate)}</span>
            </div>
            {title(r)}
          </div>
        )}
      />
      {q.data && <Pager info={q.data.pageInfo} onPage={(page) => void navigate({ search: (s) => ({ ...s, page }) })} />}
    </div>
  );
}
