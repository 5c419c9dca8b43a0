import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DataList, type Column } from '../../ui/DataList';
import { Empty } from '../../ui/Empty';
import { Pager } from '../../ui/Pager';
import { loginLogQueryOptions, msgLogQueryOptions } from '../../entities/member/queries';
import css from './Detail.module.css';
import { useApi } from '../../lib/useApi';

type Props = { prefix: string; me: string; memId: string };

/** Access IPs and times, numbered newest first. */
export function LoginTab({ prefix, me, memId }: Props) {
  const api = useApi();
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const q = useQuery(loginLogQueryOptions(api, prefix, me, memId, page));
  const info = q.data?.pageInfo;
  const rows = (q.data?.loginLog ?? []).map((r, i) => ({ ...r, no: (page - 1) * (info?.count_per_list ?? 10) + i + 1 }));
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'no', label: t`번호`, render: (r) => r.no },
    { key: 'ip', label: t`접속 IP`, render: (r) => r.accessIp },
    { key: 'at', label: t`접속일시`, render: (r) => r.accessDate },
  ];
  if (q.isPending) return null;
  return (
    <>
      <DataList rows={rows} columns={columns} rowKey={(r) => r.no} empty={<Trans>접속 내역이 없습니다.</Trans>} />
      {info && <Pager info={info} onPage={setPage} />}
    </>
  );
}

/** Messages sent to the member; a title opens its body. */
export function NotesTab({ prefix, me, memId }: Props) {
  const api = useApi();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const q = useQuery(msgLogQueryOptions(api, prefix, me, memId, page));
  const info = q.data?.pageInfo;
  const rows = q.data?.msgLog ?? [];
  if (q.isPending) return null;
  if (rows.length === 0)
    return (
      <Empty>
        <Trans>쪽지 내역이 없습니다.</Trans>
      </Empty>
    );
  const base = (page - 1) * (info?.count_per_list ?? 10);
  return (
    <>
      <ul className={css.notes}>
        {rows.map((r, i) => (
          <li key={r.msgIdx} className={css.note}>
            <button type="button" className={css.noteHead} aria-expanded={open === r.msgIdx} onClick={() => setOpen(open === r.msgIdx ? null : r.msgIdx)}>
              <span className={css.muted}>{base + i + 1}</span>
              <span className={css.noteTitle}>{r.msgTitle}</span>
              <span className={css.read} data-read={r.msgStatus === 'READ'}>
                {r.msgStatus === 'READ' ? 'O' : 'X'}
              </span>
              <time className={css.muted}>{r.sendDate.slice(0, 16)}</time>
            </button>
            {open === r.msgIdx && <div className={css.noteBody}>{r.msgContents}</div>}
          </li>
        ))}
      </ul>
      {info && <Pager info={info} onPage={setPage} />}
    </>
  );
}
