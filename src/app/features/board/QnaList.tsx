import { getRouteApi, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { boardCalls } from '../../../contract/board';
import type { ResOf } from '../../../contract/define';
import { useRefetchOnCount, useRowSelection } from '../../lib/listSelection';
import { faqTypeName, shortDate } from '../../entities/board/boardLabels';
import { alert, confirm } from '../../lib/dialogs';
import { session } from '../../lib/session/store';
import { Button, buttonClass } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { Loaded } from '../../widgets/Loaded';
import { Pager } from '../../ui/Pager';
import { SearchBar } from '../../ui/SearchBar';
import { ReadMark, StatusBadge, NewBadge } from './marks';
import { qnaKey, qnaListQueryOptions } from '../../entities/board/queries';
import { useDeleteInquiries, useSaveInquiry } from '../../entities/board/writes';
import { useCaller } from '../../lib/caller';
import css from './boardCss';
import { useApi } from '../../lib/useApi';

const route = getRouteApi('/$prefix/_member/qna');
type Row = ResOf<typeof boardCalls.list.faq>['list'][number];

// The bank-account shortcut posts this fixed text; the operator's board reads it as is.
const BANK_TITLE = '계좌문의';
const BANK_CONTENT = '입금 계좌를 문의합니다.';

/** The member's own inquiries: search, select, delete, the bank-account shortcut and write. */
export function QnaList() {
  const api = useApi();
  const { prefix } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { member, msgInfo } = useSnapshot(session);
  const { memId } = useCaller();
  const q = useQuery(qnaListQueryOptions(api, prefix, memId, search));
  const rows = q.data?.list ?? [];
  const { picked, toggle, allPicked, toggleAll } = useRowSelection(rows, (r) => r.boardIdx, q.data);

  // a live count change means the list on screen changed
  useRefetchOnCount(msgInfo.newAnswer, qnaKey(prefix, memId));

  const drop = useDeleteInquiries(prefix, memId, { onDone: () => alert(t`삭제되었습니다.`) });
  const ask = useSaveInquiry(prefix, memId, { onDone: () => alert(t`계좌문의로 등록되었습니다.`) });

  const remove = async (ids: number[]) => {
    if (ids.length === 0) return alert(t`삭제할 문의를 선택해 주세요.`);
    const ok = await confirm(ids.length > 1 ? t`선택한 문의 ${ids.length}건을 삭제하시겠습니까?` : t`문의를 삭제하시겠습니까?`);
    if (ok) await drop.submit(ids);
  };

  const bankInquiry = async () => {
    if (!(await confirm(t`계좌 문의를 등록하시겠습니까?`))) return;
    await ask.submit({ title: BANK_TITLE, content: BANK_CONTENT, faqType: 'bankaccount', category: '', memName: member?.memName ?? '' });
  };

  const title = (r: Row) => (
    <Link to="/$prefix/qnaread/$boardIdx" params={{ prefix, boardIdx: r.boardIdx }} className={css.titleLink}>
      {r.title}
      {r.newYn === 'Y' && <NewBadge />}
    </Link>
  );
  const pick = (r: Row) => (
    <label className={css.pick}>
      <input type="checkbox" className={css.check} checked={picked.has(r.boardIdx)} onChange={() => toggle(r.boardIdx)} aria-label={t`선택`} />
    </label>
  );
  const del = (r: Row) => (
    <Button variant="ghost" className={css.rowDelete} onClick={() => void remove([r.boardIdx])}>
      <Trans>삭제</Trans>
    </Button>
  );

  const columns: Column<Row>[] = [
    {
      key: 'pick',
      label: (
        <label className={css.pick}>
          <input type="checkbox" className={css.check} checked={allPicked} onChange={toggleAll} aria-label={t`전체 선택`} />
        </label>
      ),
      render: pick,
    },
    { key: 'read', label: <Trans>확인</Trans>, render: (r) => <ReadMark read={r.isReadAdmin === 'Y'} /> },
    { key: 'status', label: <Trans>상태</Trans>, render: (r) => <StatusBadge status={r.status} /> },
    { key: 'type', label: <Trans>유형</Trans>, render: (r) => faqTypeName(r.faqType) },
    { key: 'title', label: <Trans>제목</Trans>, render: title },
    { key: 'date', label: <Trans>등록일</Trans>, render: (r) => shortDate(r.regDate) },
    { key: 'del', label: <Trans>삭제</Trans>, render: del },
  ];

  return (
    <div className={css.page} data-testid="qna-list">
      <h1 className={css.h1}>
        <Trans>1:1 문의</Trans>
      </h1>
      <SearchBar key={`${search.so}-${search.sv}`} option={search.so} value={search.sv} onSearch={(so, sv) => void navigate({ search: { so, sv } })} />
      <div className={css.toolbar}>
        <label className={css.selectAll}>
          <input type="checkbox" className={css.check} checked={allPicked} onChange={toggleAll} />
          <Trans>전체선택</Trans>
        </label>
        <div className={css.actions}>
          <Button onClick={() => void remove([...picked])}>
            <Trans>선택삭제</Trans>
          </Button>
          <Button onClick={() => void bankInquiry()}>
            <Trans>계좌문의</Trans>
          </Button>
          <Link to="/$prefix/qnawrite" params={{ prefix }} className={buttonClass('primary')}>
            <Trans>문의하기</Trans>
          </Link>
        </div>
      </div>
      <Loaded query={q}>
        {() => (
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(r) => r.boardIdx}
            empty={<Trans>문의 내역이 없습니다.</Trans>}
            card={(r) => (
              <div className={css.card}>
                {pick(r)}
                <div className={css.cardMain}>
                  {title(r)}
                  <div className={css.cardMeta}>
                    <StatusBadge status={r.status} />
                    <span>{faqTypeName(r.faqType)}</span>
                    <span>{shortDate(r.regDate)}</span>
                    <ReadMark read={r.isReadAdmin === 'Y'} />
                  </div>
                </div>
                {del(r)}
              </div>
            )}
          />
        )}
      </Loaded>
      {q.data && <Pager info={q.data.pageInfo} onPage={(page) => void navigate({ search: (s) => ({ ...s, page }) })} />}
    </div>
  );
}
