import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { cashTypeCodes } from '../../../contract/moneyKinds';
import { cashTypeName } from '../../entities/cash/codeNames';
import { lastDays, type DayRange } from '../../lib/dayRange';
import { BetDetailSheet } from '../../widgets/BetDetailSheet';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { inputClass } from '../../ui/Field';
import { FilterBar } from '../../ui/FilterBar';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { betListQueryOptions, cashLogQueryOptions, playGameQueryOptions, rollingLogQueryOptions } from '../../entities/member/queries';
import css from './Detail.module.css';
import { useApi } from '../../lib/useApi';

type Props = { prefix: string; me: string; memId: string };

/** History tabs default to the last seven days; a new filter starts again at page 1. */
function useWindow() {
  const [range, setRangeState] = useState<DayRange>(() => lastDays(7));
  const [page, setPage] = useState(1);
  const setRange = (r: DayRange) => (setRangeState(r), setPage(1));
  return { range, setRange, page, setPage };
}

export function CashTab({ prefix, me, memId }: Props) {
  const api = useApi();
  const { t } = useLingui();
  const w = useWindow();
  const [cashType, setCashType] = useState('');
  const q = useQuery(cashLogQueryOptions(api, prefix, me, memId, cashType, w.range, w.page));
  type Row = NonNullable<typeof q.data>['cashLog'][number];
  const columns: Column<Row>[] = [
    { key: 'at', label: t`일시`, render: (r) => r.updDate },
    { key: 'type', label: t`구분`, render: (r) => cashTypeName(r.cashType) },
    { key: 'pre', label: t`이전 머니`, numeric: true, render: (r) => <Money value={r.preCashAmt} /> },
    {
      key: 'amt',
      label: t`변동`,
      numeric: true,
      render: (r) => (
        <span className={r.cashAmt < 0 ? css.neg : css.pos}>
          <Money value={r.cashAmt} />
        </span>
      ),
    },
    { key: 'post', label: t`이후 머니`, numeric: true, render: (r) => <Money value={r.afterCashAmt} /> },
    { key: 'who', label: t`보낸이/받는이`, render: (r) => `${r.sender} → ${r.reciver}` },
    { key: 'memo', label: t`메모`, render: (r) => r.memo || '-' },
  ];
  return (
    <>
      <FilterBar summary={[rangeSummary(w.range), cashType ? cashTypeName(Number(cashType)) : t`전체`]}>
        <select className={inputClass} aria-label={t`머니 구분`} value={cashType} onChange={(e) => (setCashType(e.target.value), w.setPage(1))}>
          <option value="">{t`전체`}</option>
          {cashTypeCodes.map((c) => (
            <option key={c} value={c}>
              {cashTypeName(c)}
            </option>
          ))}
        </select>
        <DateRangeFilter value={w.range} onChange={w.setRange} />
      </FilterBar>
      {!q.isPending && <DataList rows={q.data?.cashLog ?? []} columns={columns} rowKey={(r) => r.cashIdx} empty={<Trans>변동 내역이 없습니다.</Trans>} />}
      {q.data && <Pager info={q.data.pageInfo} onPage={w.setPage} />}
    </>
  );
}

export function RollingTab({ prefix, me, memId }: Props) {
  const api = useApi();
  const { t } = useLingui();
  const w = useWindow();
  const q = useQuery(rollingLogQueryOptions(api, prefix, me, memId, w.range, w.page));
  type Row = NonNullable<typeof q.data>['rollingLog'][number];
  const columns: Column<Row>[] = [
    { key: 'at', label: t`일시`, render: (r) => r.updDate },
    { key: 'vendor', label: t`게임사`, render: (r) => r.vendorName },
    { key: 'game', label: t`게임명`, render: (r) => r.gameName },
    { key: 'amt', label: t`롤링`, numeric: true, render: (r) => <Money value={r.pointAmt} unit="point" /> },
  ];
  return (
    <>
      <FilterBar summary={[rangeSummary(w.range)]}>
        <DateRangeFilter value={w.range} onChange={w.setRange} />
      </FilterBar>
      {!q.isPending && (
        <DataList rows={q.data?.rollingLog ?? []} columns={columns} rowKey={(r) => `${r.updDate}${r.gameName}${r.pointAmt}`} empty={<Trans>내역이 없습니다.</Trans>} />
      )}
      {q.data && <Pager info={q.data.pageInfo} onPage={w.setPage} />}
    </>
  );
}

export function GamesTab({ prefix, me, memId }: Props) {
  const api = useApi();
  const { t } = useLingui();
  const w = useWindow();
  const q = useQuery(playGameQueryOptions(api, prefix, me, memId, w.range, w.page));
  type Row = NonNullable<typeof q.data>['list'][number];
  const columns: Column<Row>[] = [
    { key: 'vendor', label: t`게임사`, render: (r) => r.vendorName },
    { key: 'game', label: t`게임명`, render: (r) => r.gameName },
    { key: 'at', label: t`시간`, render: (r) => r.regDate },
  ];
  return (
    <>
      <FilterBar summary={[rangeSummary(w.range)]}>
        <DateRangeFilter value={w.range} onChange={w.setRange} />
      </FilterBar>
      {!q.isPending && <DataList rows={q.data?.list ?? []} columns={columns} rowKey={(r) => `${r.regDate}${r.gameName}`} empty={<Trans>게임 내역이 없습니다.</Trans>} />}
      {q.data && <Pager info={q.data.pageInfo} onPage={w.setPage} />}
    </>
  );
}

export function BetsTab({ prefix, me, memId }: Props) {
  const api = useApi();
  const { t } = useLingui();
  const w = useWindow();
  const [minWin, setMinWin] = useState('');
  const [applied, setApplied] = useState('');
  const [detail, setDetail] = useState<number | null>(null);
  const q = useQuery(betListQueryOptions(api, prefix, me, memId, applied, w.range, w.page));
  type Row = NonNullable<typeof q.data>['list'][number];
  const columns: Column<Row>[] = [
    { key: 'no', label: t`베팅번호`, render: (r) => r.betIdx },
    { key: 'vendor', label: t`게임사`, render: (r) => r.vendorName },
    { key: 'game', label: t`게임명`, render: (r) => r.gameName },
    { key: 'round', label: t`라운드`, render: (r) => r.betId },
    { key: 'tran', label: t`구분`, render: (r) => r.tranType },
    { key: 'bf', label: t`이전 머니`, numeric: true, render: (r) => <Money value={r.bfMoney} /> },
    { key: 'amt', label: t`금액`, numeric: true, render: (r) => <Money value={r.amount} /> },
    { key: 'af', label: t`이후 머니`, numeric: true, render: (r) => <Money value={r.afMoney} /> },
    { key: 'at', label: t`베팅시간`, render: (r) => r.regDate },
    {
      key: 'detail',
      label: t`상세`,
      render: (r) => (
        <Button onClick={() => setDetail(r.betIdx)} data-testid="bet-detail-open">
          <Trans>상세</Trans>
        </Button>
      ),
    },
  ];
  return (
    <>
      <BetDetailSheet betId={detail} onClose={() => setDetail(null)} />
      <FilterBar onSubmit={() => (setApplied(minWin), w.setPage(1))}>
        <input
          className={inputClass}
          inputMode="numeric"
          placeholder={t`최소 당첨금(만 원)`}
          aria-label={t`최소 당첨금(만 원)`}
          value={minWin}
          onChange={(e) => setMinWin(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <Button type="submit">
          <Trans>검색</Trans>
        </Button>
        <DateRangeFilter value={w.range} onChange={w.setRange} />
      </FilterBar>
      {!q.isPending && <DataList rows={q.data?.list ?? []} columns={columns} rowKey={(r) => `${r.betIdx}${r.tranType}`} empty={<Trans>베팅 내역이 없습니다.</Trans>} />}
      {q.data && <Pager info={q.data.pageInfo} onPage={w.setPage} />}
    </>
  );
}
