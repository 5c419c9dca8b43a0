import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { retailCalls } from '../../../contract/retail';
import { cashTypeName } from '../../entities/cash/codeNames';
import { partnerLevelName } from '../../entities/partner/levelNames';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { Check, FilterBar } from '../../ui/FilterBar';
import { inputClass } from '../../ui/Field';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { Tabs } from '../../ui/Tabs';
import { PartnerTree } from './PartnerTree';
import { bottomCashQueryOptions, defaultCashListFilter, type BottomFilter, type SearchType } from '../../entities/cash/transferQueries';
import { SearchFields } from './SearchFields';
import { useCaller } from '../../lib/caller';
import css from './RetailCash.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof retailCalls.bottomCashList>['list'][number];
type Tab = 'inout' | 'move';

const typesOf: Record<Tab, number[]> = { inout: [1, -1], move: [33, -33, -3, 3, 2, -2, 4] };

/** cashList: deposits/withdrawals and money moves of everyone below, narrowed by the partner tree. */
export function CashList() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('inout');
  const [f, setF] = useState<BottomFilter>(defaultCashListFilter);
  const [searchType, setSearchType] = useState<SearchType>('memId');
  const [word, setWord] = useState('');
  const query = useQuery(bottomCashQueryOptions(api, prefix, caller.memId, f));
  const set = (p: Partial<BottomFilter>) => setF((o) => ({ ...o, page: 1, ...p }));

  const columns: Column<Row>[] = [
    { key: 'id', label: t`아이디`, render: (r) => r.memId },
    { key: 'nick', label: t`닉네임`, render: (r) => r.memNick },
    { key: 'level', label: t`등급`, render: (r) => partnerLevelName(r.myLevel) },
    { key: 'tops', label: t`상위`, render: (r) => r.topUserList.map((u) => u.recommenderId).join(' › ') || '-' },
    { key: 'kind', label: t`구분`, render: (r) => cashTypeName(r.cashType) },
    { key: 'pre', label: t`이전 머니`, numeric: true, render: (r) => <Money value={r.preCashAmt} /> },
    { key: 'amt', label: t`처리 금액`, numeric: true, render: (r) => <Money value={r.cashAmt} /> },
    { key: 'aft', label: t`이후 머니`, numeric: true, render: (r) => <Money value={r.aftCashAmt} /> },
    { key: 'reg', label: t`신청 시간`, render: (r) => r.regDate },
    { key: 'upd', label: t`처리 시간`, render: (r) => r.updDate },
  ];

  return (
    <div className={css.page} data-testid="cash-list">
      <h1 className={css.title}>
        <Trans>입출금 내역</Trans>
      </h1>
      <Tabs
        tabs={[
          { key: 'inout', label: t`입출금 내역` },
          { key: 'move', label: t`머니 이동/회수 내역` },
        ]}
        value={tab}
        onChange={(k) => (setTab(k), set({ cashType: typesOf[k][0] }))}
      />
      <div className={css.split}>
        <PartnerTree selected={f.node} onSelect={(node) => set({ node })} />
        <div className={css.page}>
          <FilterBar
            onSubmit={() => set({ searchType, word: word.trim() })}
            summary={[rangeSummary(f.range), f.old && t`과거 데이터`, f.cashType !== null && cashTypeName(f.cashType), f.word]}
          >
            <DateRangeFilter value={f.range} onChange={(range) => set({ range })} />
            <Check label={<Trans>과거 데이터</Trans>} checked={f.old} onChange={(e) => set({ old: e.target.checked })} />
            <p className={css.tip}>
              <Trans>오늘로부터 5일 이전의 데이터를 검색하려면 체크하세요.</Trans>
            </p>
            <select
              className={inputClass}
              aria-label={t`구분`}
              value={String(f.cashType ?? '')}
              onChange={(e) => set({ cashType: e.target.value ? Number(e.target.value) : null })}
            >
              {tab === 'move' && <option value="">{t`전체`}</option>}
              {typesOf[tab].map((c) => (
                <option key={c} value={c}>
                  {cashTypeName(c)}
                </option>
              ))}
            </select>
            <select className={inputClass} aria-label={t`정렬`} value={f.order} onChange={(e) => set({ order: e.target.value as BottomFilter['order'] })}>
              <option value="regDate:desc">{t`신청 시간순`}</option>
              <option value="updDate:desc">{t`처리 시간순`}</option>
              <option value="preCashAmt:desc">{t`이전 머니 많은순`}</option>
              <option value="preCashAmt:asc">{t`이전 머니 적은순`}</option>
            </select>
            <SearchFields type={searchType} word={word} onType={setSearchType} onWord={setWord} />
            <Button type="submit" variant="primary">
              <Trans>검색</Trans>
            </Button>
          </FilterBar>
          <SeenAt query={query} />
          {query.data && (
            <p className={css.total}>
              <Trans>총 {query.data.pageInfo.tatal_list_count}건</Trans>
            </p>
          )}
          {!query.isPending && <DataList rows={query.data?.list ?? []} columns={columns} rowKey={(r) => r.cashIdx} />}
          {query.data && <Pager info={query.data.pageInfo} onPage={(page) => setF((o) => ({ ...o, page }))} />}
        </div>
      </div>
    </div>
  );
}
