import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { retailCalls } from '../../../contract/retail';
import { cashTypeCodes } from '../../../contract/moneyKinds';
import { cashTypeName, requestStatusName } from '../../entities/cash/codeNames';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { Check, checksClass, FilterBar } from '../../ui/FilterBar';
import { inputClass } from '../../ui/Field';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { DEFAULT_TYPES, defaultTransFilter, transLogQueryOptions, type TransFilter } from '../../entities/cash/transferQueries';
import { useCaller } from '../../lib/caller';
import css from './RetailCash.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof retailCalls.cashTransLog>['cashTransLogs'][number];

/** cashListMy: the caller's own money changes by cash type. */
export function CashListMy() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [f, setF] = useState<TransFilter>(defaultTransFilter);
  const [types, setTypes] = useState<number[]>(DEFAULT_TYPES);
  const [word, setWord] = useState('');
  const query = useQuery(transLogQueryOptions(api, prefix, caller.memId, f));
  const set = (p: Partial<TransFilter>) => setF((o) => ({ ...o, page: 1, ...p }));
  const all = types.length === cashTypeCodes.length;
  const toggle = (c: number, on: boolean) => setTypes((ts) => (on ? [...ts, c] : ts.filter((x) => x !== c)));

  const columns: Column<Row>[] = [
    { key: 'reg', label: t`등록 시간`, render: (r) => r.regDate },
    { key: 'upd', label: t`완료 시간`, render: (r) => r.updDate },
    { key: 'id', label: t`아이디`, render: (r) => r.memId },
    { key: 'nick', label: t`닉네임`, render: (r) => r.memNick },
    { key: 'kind', label: t`구분`, render: (r) => cashTypeName(r.cashType) },
    { key: 'pre', label: t`이전 머니`, numeric: true, render: (r) => <Money value={r.preCashAmt} /> },
    {
      key: 'amt',
      label: t`변동`,
      numeric: true,
      render: (r) => (
        <span className={r.cashAmt < 0 ? css.give : css.retrieve}>
          <Money value={r.cashAmt} />
        </span>
      ),
    },
    { key: 'post', label: t`이후 머니`, numeric: true, render: (r) => <Money value={r.postCashAmt} /> },
    { key: 'status', label: t`상태`, render: (r) => requestStatusName(r.cashStatus) },
    { key: 'memo', label: t`메모`, render: (r) => r.memo || '-' },
  ];

  return (
    <div className={css.page} data-testid="cash-list-my">
      <h1 className={css.title}>
        <Trans>머니 변동 내역</Trans>
      </h1>
      <FilterBar
        onSubmit={() => set({ types, memId: word.trim() })}
        summary={[rangeSummary(f.range), f.types.length === cashTypeCodes.length ? t`전체` : f.types.map(cashTypeName).join(', '), f.memId]}
      >
        <div className={checksClass} role="group" aria-label={t`구분`}>
          <Check label={<Trans>전체</Trans>} checked={all} onChange={(e) => setTypes(e.target.checked ? [...cashTypeCodes] : [])} />
          {cashTypeCodes.map((c) => (
            <Check key={c} label={cashTypeName(c)} checked={types.includes(c)} onChange={(e) => toggle(c, e.target.checked)} />
          ))}
        </div>
        <DateRangeFilter value={f.range} onChange={(range) => set({ range })} />
        <Check label={<Trans>과거 데이터</Trans>} checked={f.old} onChange={(e) => set({ old: e.target.checked })} />
        <input className={inputClass} aria-label={t`회원 아이디`} placeholder={t`회원 아이디`} value={word} onChange={(e) => setWord(e.target.value)} />
        <Button type="submit" variant="primary">
          <Trans>검색</Trans>
        </Button>
      </FilterBar>
      <SeenAt query={query} />
      {!query.isPending && <DataList rows={query.data?.cashTransLogs ?? []} columns={columns} rowKey={(r) => r.cashIdx} />}
      {query.data && <Pager info={query.data.pageInfo} onPage={(page) => setF((o) => ({ ...o, page }))} />}
    </div>
  );
}
