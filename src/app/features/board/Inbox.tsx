import { getRouteApi, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ApiError } from '../../../contract/codes';
import { limits } from '../../../contract/enums';
import { useRefetchOnCount, useRowSelection } from '../../lib/listSelection';
import { apiMessage } from '../../lib/apiMessage';
import { shortDate } from '../../entities/board/boardLabels';
import { alert, confirm } from '../../lib/dialogs';
import { formatNumber } from '../../lib/format';
import { session } from '../../lib/session/store';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { MailIcon } from '../../ui/icons';
import { Loaded } from '../../widgets/Loaded';
import { Pager } from '../../ui/Pager';
import { SearchBar } from '../../ui/SearchBar';
import { msgKey, msgListQueryOptions, type MsgRow } from '../../entities/board/messageQueries';
import { useDeleteMessages, useReadAllMessages } from '../../entities/board/writes';
import { useCaller } from '../../lib/caller';
import css from './messagesCss';
import { useApi } from '../../lib/useApi';

const route = getRouteApi('/$prefix/_member/msg');

/** The inbox: unread messages cannot be deleted; mark all read; counts follow the live MSG event. */
export function Inbox() {
  const api = useApi();
  const { prefix } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { msgInfo } = useSnapshot(session);
  const { memId } = useCaller();
  const q = useQuery(msgListQueryOptions(api, prefix, memId, search));
  const rows = q.data?.list ?? [];
  const { picked, toggle, allPicked, toggleAll } = useRowSelection(rows, (r) => r.msgIdx, q.data);

  // a live count change means the list on screen changed
  useRefetchOnCount(msgInfo.newMsg, msgKey(prefix, memId));

  const drop = useDeleteMessages(prefix, memId, { onDone: () => alert(t`삭제되었습니다.`) });
  const markAll = useReadAllMessages(prefix, memId, { onDone: () => alert(t`모든 쪽지를 읽음 처리했습니다.`) });

  const remove = async (list: MsgRow[]) => {
    if (list.length === 0) return alert(t`삭제할 쪽지를 선택해 주세요.`);
    if (list.some((m) => m.msgStatus === 'N')) return alert(apiMessage(new ApiError('M002')));
    if (!(await confirm(list.length > 1 ? t`선택한 쪽지 ${list.length}건을 삭제하시겠습니까?` : t`쪽지를 삭제하시겠습니까?`))) return;
    await drop.submit(list.map((m) => m.msgIdx));
  };

  const readAll = async () => {
    if (!(await confirm(t`모든 쪽지를 읽음 처리하시겠습니까?`))) return;
    await markAll.submit();
  };

  const pick = (m: MsgRow) => (
    <label className={css.pick}>
      <input type="checkbox" className={css.check} checked={picked.has(m.msgIdx)} onChange={() => toggle(m.msgIdx)} aria-label={t`선택`} />
    </label>
  );
  const read = (m: MsgRow) => (
    <span className={css.readMark} data-read={m.msgStatus !== 'N'} role="img" aria-label={m.msgStatus === 'N' ? t`읽지 않음` : t`읽음`}>
      <MailIcon open={m.msgStatus !== 'N'} />
    </span>
  );
  const title = (m: MsgRow) => (
    <Link to="/$prefix/msgread/$msgIdx" params={{ prefix, msgIdx: m.msgIdx }} className={css.titleLink} data-unread={m.msgStatus === 'N'}>
      {m.noticeYn === 'Y' && <Badge tone="muted">{t`공지`}</Badge>}
      <span>{m.msgTitle}</span>
      {m.msgStatus === 'N' && (
        <Badge tone="new" label={t`새 쪽지`}>
          N
        </Badge>
      )}
    </Link>
  );
  const del = (m: MsgRow) => (
    <Button variant="ghost" className={css.rowDelete} onClick={() => void remove([m])}>
      <Trans>삭제</Trans>
    </Button>
  );
  const columns: Column<MsgRow>[] = [
    {
      key: 'pick',
      label: (
        <label className={css.pick}>
          <input type="checkbox" className={css.check} checked={allPicked} onChange={toggleAll} aria-label={t`전체 선택`} />
        </label>
      ),
      render: pick,
    },
    { key: 'read', label: <Trans>읽음</Trans>, render: read },
    { key: 'title', label: <Trans>제목</Trans>, render: title },
    { key: 'date', label: <Trans>보낸 시간</Trans>, render: (m) => shortDate(m.sendDate) },
    { key: 'del', label: <Trans>삭제</Trans>, render: del },
  ];
  const total = formatNumber(q.data?.pageInfo.tatal_list_count ?? 0);
  const { messageKeepDays: keepDays, messageKeepCount: keepCount } = limits;

  return (
    <div className={css.page} data-testid="msg-list">
      <h1 className={css.h1}>
        <Trans>쪽지함</Trans>
        {q.data && (
          <span className={css.total} data-testid="msg-total">
            <Trans>총 {total}건</Trans>
          </span>
        )}
      </h1>
      <p className={css.keep} data-testid="msg-keep">
        <Trans>
          쪽지는 최대 {keepDays}일, {keepCount}개까지 보관됩니다.
        </Trans>
      </p>
      <SearchBar key={`${search.so}-${search.sv}`} option={search.so} value={search.sv} onSearch={(so, sv) => void navigate({ search: { so, sv } })} />
      <div className={css.toolbar}>
        <label className={css.selectAll}>
          <input type="checkbox" className={css.check} checked={allPicked} onChange={toggleAll} />
          <Trans>전체선택</Trans>
        </label>
        <div className={css.actions}>
          <Button onClick={() => void remove(rows.filter((r) => picked.has(r.msgIdx)))}>
            <Trans>선택삭제</Trans>
          </Button>
          <Button variant="primary" onClick={() => void readAll()}>
            <Trans>모두 읽음</Trans>
          </Button>
        </div>
      </div>
      <Loaded query={q}>
        {() => (
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(m) => m.msgIdx}
            empty={<Trans>받은 쪽지가 없습니다.</Trans>}
            card={(m) => (
              <div className={css.card}>
                {pick(m)}
                <div className={css.cardMain}>
                  {title(m)}
                  <div className={css.cardMeta}>
                    {read(m)}
                    <span>{shortDate(m.sendDate)}</span>
                  </div>
                </div>
                {del(m)}
              </div>
            )}
          />
        )}
      </Loaded>
      {q.data && <Pager info={q.data.pageInfo} onPage={(page) => void navigate({ search: (s) => ({ ...s, page }) })} />}
    </div>
  );
}
