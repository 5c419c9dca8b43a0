import { useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { adminBoardCalls } from '../../../contract/board';
import type { ResOf } from '../../../contract/define';
import { categoryName, shortDate } from '../../entities/board/boardLabels';
import { alert, withLoading } from '../../lib/dialogs';
import { refusalText } from '../../lib/write/messages';
import { BottomSheet } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { Pager } from '../../ui/Pager';
import { SearchBar } from '../../ui/SearchBar';
import { NoticeEditor, type NoticeDraft } from './NoticeEditor';
import { adminKey, adminNoticesQueryOptions } from '../../entities/board/adminQueries';
import { useDeleteNotice } from '../../entities/board/writes';
import css from './AdminBoard.module.css';
import { useApi } from '../../lib/useApi';

const route = getRouteApi('/$prefix/admin/_operator/notices');
type Row = ResOf<typeof adminBoardCalls.list.nt>['list'][number];

/** The operator's notices: write, edit, delete. */
export function AdminNotices() {
  const api = useApi();
  const { prefix } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const client = useQueryClient();
  const q = useQuery(adminNoticesQueryOptions(api, prefix, search));
  const [draft, setDraft] = useState<NoticeDraft | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: adminKey(prefix) });

  // a read: the editor opens with the full notice, or the refusal says why not
  const edit = async (r: Row) => {
    try {
      const res = await withLoading(api(adminBoardCalls.datail.nt, { boardIdx: r.boardIdx }));
      setDraft({ boardIdx: r.boardIdx, category: res.board.category as NoticeDraft['category'], title: res.board.title, content: res.board.content });
    } catch (err) {
      await alert(refusalText(err));
    }
  };
  const del = useDeleteNotice(prefix, {
    confirm: () => t`공지를 삭제하시겠습니까?`,
    onDone: () => alert(t`삭제되었습니다.`),
  });
  const remove = (r: Row) => del.submit(r);
  const buttons = (r: Row) => (
    <span className={css.rowActions}>
      <Button onClick={() => void edit(r)}>
        <Trans>수정</Trans>
      </Button>
      <Button variant="ghost" onClick={() => void remove(r)}>
        <Trans>삭제</Trans>
      </Button>
    </span>
  );
  const columns: Column<Row>[] = [
    { key: 'cat', label: <Trans>분류</Trans>, render: (r) => categoryName(r.category) },
    { key: 'title', label: <Trans>제목</Trans>, render: (r) => r.title },
    { key: 'date', label: <Trans>작성일</Trans>, render: (r) => shortDate(r.regDate) },
    { key: 'act', label: <Trans>관리</Trans>, render: buttons },
  ];
  return (
    <div className={css.page} data-testid="admin-notices">
      <div className={css.head}>
        <h1 className={css.h1}>
          <Trans>공지사항 관리</Trans>
        </h1>
        <Button variant="primary" onClick={() => setDraft({ category: 'notice', title: '', content: '' })}>
          <Trans>새 공지</Trans>
        </Button>
      </div>
      <SearchBar key={`${search.so}-${search.sv}`} option={search.so} value={search.sv} onSearch={(so, sv) => void navigate({ search: { so, sv } })} />
      <DataList
        rows={q.data?.list ?? []}
        columns={columns}
        rowKey={(r) => r.boardIdx}
        card={(r) => (
          <div className={css.card}>
            <div className={css.cardMain}>
              <strong>{r.title}</strong>
              <span className={css.meta}>
                {categoryName(r.category)} · {shortDate(r.regDate)}
              </span>
            </div>
            {buttons(r)}
          </div>
        )}
      />
      {q.data && <Pager info={q.data.pageInfo} onPage={(page) => void navigate({ search: (s) => ({ ...s, page }) })} />}
      <BottomSheet open={draft !== null} title={draft?.boardIdx ? <Trans>공지 수정</Trans> : <Trans>새 공지</Trans>} onClose={() => setDraft(null)}>
        {draft && (
          <NoticeEditor
            draft={draft}
            onSaved={() => {
              setDraft(null);
              void refresh();
            }}
          />
        )}
      </BottomSheet>
    </div>
  );
}
