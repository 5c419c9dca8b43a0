import { getRouteApi, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import type { adminBoardCalls } from '../../../contract/board';
import type { ResOf } from '../../../contract/define';
import { faqTypeName, shortDate } from '../../entities/board/boardLabels';
import { Badge } from '../../ui/Badge';
import { DataList, type Column } from '../../ui/DataList';
import { Pager } from '../../ui/Pager';
import { SearchBar } from '../../ui/SearchBar';
import { Tabs } from '../../ui/Tabs';
import { adminInquiriesQueryOptions } from '../../entities/board/adminQueries';
import css from './AdminBoard.module.css';
import { useApi } from '../../lib/useApi';

const route = getRouteApi('/$prefix/admin/_operator/inquiries');
type Row = ResOf<typeof adminBoardCalls.list.faq>['list'][number];
type StatusTab = 'all' | 'WAIT' | 'ANSWER';

/** Every member's inquiries, waiting ones first to hand; a row opens the answer screen. */
export function AdminInquiries() {
  const api = useApi();
  const { prefix } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const q = useQuery(adminInquiriesQueryOptions(api, prefix, search));

  const status = (r: Row) =>
    r.status === 'ANSWER' ? (
      <Badge tone="ok">
        <Trans>답변완료</Trans>
      </Badge>
    ) : (
      <Badge tone="wait">
        <Trans>답변대기</Trans>
      </Badge>
    );
  const title = (r: Row) => (
    <Link to="/$prefix/admin/inquiries/$boardIdx" params={{ prefix, boardIdx: r.boardIdx }} className={css.titleLink} data-unread={r.isReadAdmin === 'N'}>
      {r.title}
      {r.isReadAdmin === 'N' && <Badge tone="new">N</Badge>}
    </Link>
  );
  const columns: Column<Row>[] = [
    { key: 'status', label: <Trans>상태</Trans>, render: status },
    { key: 'type', label: <Trans>유형</Trans>, render: (r) => faqTypeName(r.faqType) },
    { key: 'title', label: <Trans>제목</Trans>, render: title },
    { key: 'who', label: <Trans>작성자</Trans>, render: (r) => `${r.memId} (${r.memName})` },
    { key: 'date', label: <Trans>등록일</Trans>, render: (r) => shortDate(r.regDate) },
  ];
  const tab: StatusTab = search.status ?? 'all';
  return (
    <div className={css.page} data-testid="admin-inquiries">
      <h1 className={css.h1}>
        <Trans>1:1 문의 관리</Trans>
      </h1>
      <Tabs<StatusTab>
        tabs={[
          { key: 'all', label: <Trans>전체</Trans> },
          { key: 'WAIT', label: <Trans>답변대기</Trans> },
          { key: 'ANSWER', label: <Trans>답변완료</Trans> },
        ]}
        value={tab}
        onChange={(k) => void navigate({ search: (s) => ({ ...s, page: undefined, status: k === 'all' ? undefined : k }) })}
      />
      <SearchBar
        key={`${search.so}-${search.sv}`}
        option={search.so}
        value={search.sv}
        onSearch={(so, sv) => void navigate({ search: (s) => ({ ...s, page: undefined, so, sv }) })}
      />
      <DataList
        rows={q.data?.list ?? []}
        columns={columns}
        rowKey={(r) => r.boardIdx}
        empty={<Trans>문의 내역이 없습니다.</Trans>}
        card={(r) => (
          <div className={css.cardMain}>
            {title(r)}
            <span className={css.meta}>
              {status(r)} {faqTypeName(r.faqType)} · {r.memId} · {shortDate(r.regDate)}
            </span>
          </div>
        )}
      />
      {q.data && <Pager info={q.data.pageInfo} onPage={(page) => void navigate({ search: (s) => ({ ...s, page }) })} />}
    </div>
  );
}
