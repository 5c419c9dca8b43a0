import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { ResOf } from '../../../contract/define';
import { adminCalls } from '../../../contract/admin';
import { cashWaiting } from '../../entities/cash/adminQueries';
import { bankName, cashTypeName, requestStatusName } from '../../entities/cash/codeNames';
import { formatNumber, parseWire } from '../../lib/format';
import { markFresh, useFresh } from '../../entities/cash/freshRow';
import { objectParticle } from '../../lib/josa';
import { moneyText } from '../../entities/cash/moneyText';
import { useProcessCash } from '../../entities/cash/writes';
import { session } from '../../lib/session/store';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { FilterBar } from '../../ui/FilterBar';
import { inputClass } from '../../ui/Field';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { ReceiptSheet, type Receipt } from '../../widgets/ReceiptSheet';
import { SeenAt } from '../../widgets/SeenAt';
import { dashboardQueryOptions } from '../../entities/cash/adminQueries';
import { ago } from './ago';
import { cashQueueQueryOptions, defaultQueueFilter, isOpen, type QueueFilter } from '../../entities/cash/queueQueries';
import { useCaller } from '../../lib/caller';
import css from './AdminCash.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof adminCalls.cashList>['list'][number];

const account = (r: Row) => [r.bank && bankName(r.bank), r.bankAcc, r.memName].filter(Boolean).join(' · ') || '-';

/**
 * The operator's queue for one thumb: what waits, newest first (oldest first one tap away); one tap
 * on 승인 or 거절 asks with the member, account and amount, then shows the receipt. The server keeps
 * its steps (applied -> waiting -> approved or rejected): an applied request is moved through waiting
 * in the same action.
 */
export function CashQueue() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { site } = useSnapshot(session);
  const caller = useCaller();
  const { t, i18n } = useLingui();
  const search = useSearch({ from: '/$prefix/admin/_operator/cash' });
  const [f, setF] = useState<QueueFilter>(() => defaultQueueFilter(search.status));
  const [word, setWord] = useState('');
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const query = useQuery(cashQueueQueryOptions(api, prefix, caller.memId, f));
  const pending = useQuery(dashboardQueryOptions(api, prefix, caller.memId)).data?.pending;
  const waiting = pending && cashWaiting(pending).total;
  const fresh = useFresh('cashQueue');
  const set = (p: Partial<QueueFilter>) => setF((o) => ({ ...o, page: 1, ...p }));
  const statusName = (s: QueueFilter['status']) => (s === 'open' ? t`처리할 신청` : s === null ? t`전체 상태` : requestStatusName(s));

  const step = useProcessCash<Row>({
    onDone: (res, { r, to }) =>
      setReceipt({
        title: to === 1 ? t`${cashTypeName(r.cashType)} 신청을 승인했어요` : t`${cashTypeName(r.cashType)} 신청을 거절했어요`,
        amount: r.cashAmt,
        counterparty: r.memId,
        at: parseWire(res.updDate),
        reference: `#${res.cashIdx}`,
        // the settled request leaves the open list: the member's requests of every status, this one marked
        toHistory: () => (markFresh('cashQueue', r.cashIdx), setWord(r.memId), set({ status: null, memId: r.memId })),
      }),
    confirm: ({ r, to }) => {
      const amount = moneyText(r.cashAmt, 'cash', site?.cashDecimal ?? 1);
      const obj = objectParticle(amount);
      const kind = cashTypeName(r.cashType);
      return {
        message: to === 1 ? t`${kind} ${amount}${obj} 승인하시겠습니까?` : t`${kind} ${amount}${obj} 거절하시겠습니까?`,
        facts: [
          [t`회원`, `${r.memId} (${r.memNick})`],
          [t`계좌`, account(r)],
          [t`금액`, amount],
        ],
      };
    },
  });

  // reject on the far side from approve, so a thumb never lands on it by habit
  const actions = (r: Row) =>
    (r.cashStatus === 0 || r.cashStatus === 2) && (
      <span className={css.acts}>
        <Button className={css.reject} disabled={step.busy} onClick={() => void step.submit({ r, to: -1 })}>
          <Trans>거절</Trans>
        </Button>
        <Button className={css.forward} variant="primary" disabled={step.busy} onClick={() => void step.submit({ r, to: 1 })}>
          <Trans>승인</Trans>
        </Button>
      </span>
    );
  const when = (r: Row) => (
    <time dateTime={r.regDate} title={r.regDate}>
      {ago(r.regDate, i18n.locale)}
    </time>
  );

  const columns: Column<Row>[] = [
    { key: 'no', label: t`번호`, render: (r) => r.cashIdx },
    {
      key: 'reg',
      label: t`신청`,
      render: (r) => (
        <span className={css.stack}>
          {when(r)}
          <small className={css.muted}>{r.regDate}</small>
        </span>
      ),
    },
    { key: 'mem', label: t`회원`, render: (r) => `${r.memId} (${r.memNick})` },
    { key: 'bank', label: t`계좌`, render: (r) => <span className={css.muted}>{account(r)}</span> },
    { key: 'type', label: t`구분`, render: (r) => <span className={r.cashType === 1 ? css.in : css.out}>{cashTypeName(r.cashType)}</span> },
    { key: 'amt', label: t`금액`, numeric: true, render: (r) => <Money value={r.cashAmt} /> },
    { key: 'cash', label: t`보유머니`, numeric: true, render: (r) => <Money value={r.memCashAmt} /> },
    { key: 'status', label: t`상태`, render: (r) => <span data-testid="queue-status">{requestStatusName(r.cashStatus)}</span> },
    { key: 'upd', label: t`처리일시`, render: (r) => (r.cashStatus === 1 || r.cashStatus === -1 ? r.updDate : '-') },
    { key: 'act', label: t`처리`, render: (r) => actions(r) },
  ];

  // phones: kind, who and how much, then where the money goes and how long it waits, then the step
  const card = (r: Row) => (
    <div className={css.qcard} data-testid="queue-card">
      <div className={css.qtop}>
        <span className={css.qwho}>
          <span className={r.cashType === 1 ? css.in : css.out}>{cashTypeName(r.cashType)}</span> {r.memId} <small>{r.memNick}</small>
        </span>
        <strong className={css.qamt}>
          <Money value={r.cashAmt} />
        </strong>
      </div>
      <div className={css.qbank} data-testid="queue-bank">
        {account(r)}
      </div>
      <div className={css.qmeta}>
        {when(r)} · <span data-testid="queue-status">{requestStatusName(r.cashStatus)}</span> ·{' '}
        <Trans>
          보유 <Money value={r.memCashAmt} />
        </Trans>
        {(r.cashStatus === 1 || r.cashStatus === -1) && (
          <>
            {' '}
            · <Trans>처리 {r.updDate.slice(5, 16)}</Trans>
          </>
        )}
      </div>
      {actions(r)}
    </div>
  );

  return (
    <div className={css.page} data-testid="cash-queue">
      <div className={css.head}>
        <h1 className={css.title}>
          <Trans>입출금 신청</Trans>
        </h1>
        <span className={css.count} data-testid="queue-count">
          {waiting === undefined ? '…' : <Trans>처리할 신청 {formatNumber(waiting)}건</Trans>}
        </span>
      </div>
      <div className={css.head}>
        <FilterBar
          onSubmit={() => set({ memId: word.trim() })}
          summary={[
            statusName(f.status),
            f.type === null ? t`입금/출금` : cashTypeName(f.type),
            !isOpen(f.status) && `${f.range.start.slice(5)} ~ ${f.range.end.slice(5)}`,
            f.memId,
          ]}
        >
          <select
            className={inputClass}
            aria-label={t`상태`}
            value={String(f.status ?? '')}
            onChange={(e) => set({ status: e.target.value === '' ? null : e.target.value === 'open' ? 'open' : Number(e.target.value) })}
          >
            <option value="open">{statusName('open')}</option>
            <option value="">{statusName(null)}</option>
            {[0, 2, 1, -1].map((s) => (
              <option key={s} value={s}>
                {requestStatusName(s)}
              </option>
            ))}
          </select>
          <select className={inputClass} aria-label={t`구분`} value={String(f.type ?? '')} onChange={(e) => set({ type: e.target.value === '' ? null : Number(e.target.value) })}>
            <option value="">{t`입금/출금`}</option>
            <option value="1">{cashTypeName(1)}</option>
            <option value="-1">{cashTypeName(-1)}</option>
          </select>
          {!isOpen(f.status) && <DateRangeFilter value={f.range} onChange={(range) => set({ range })} />}
          <input className={inputClass} aria-label={t`회원 아이디`} placeholder={t`회원 아이디`} value={word} onChange={(e) => setWord(e.target.value)} />
          <Button type="submit" variant="primary">
            <Trans>검색</Trans>
          </Button>
        </FilterBar>
        <Button
          className={css.order}
          onClick={() => set({ order: f.order === 'desc' ? 'asc' : 'desc' })}
          data-testid="queue-order"
          aria-label={f.order === 'desc' ? t`최신순, 오래된순으로 바꾸기` : t`오래된순, 최신순으로 바꾸기`}
        >
          <span aria-hidden>⇅</span> {f.order === 'desc' ? <Trans>최신순</Trans> : <Trans>오래된순</Trans>}
        </Button>
      </div>
      <SeenAt query={query} />
      {!query.isPending && (
        <DataList
          rows={query.data?.list ?? []}
          columns={columns}
          rowKey={(r) => r.cashIdx}
          card={card}
          fresh={fresh}
          empty={f.status === 'open' ? <Trans>처리할 신청이 없습니다.</Trans> : undefined}
        />
      )}
      {query.data && <Pager info={query.data.pageInfo} onPage={(page) => setF((o) => ({ ...o, page }))} />}
      <ReceiptSheet receipt={receipt} onClose={() => setReceipt(null)} />
    </div>
  );
}
