import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { retailCalls } from '../../../contract/retail';
import { pointTypeCodes } from '../../../contract/moneyKinds';
import { pointTypeName } from '../../entities/cash/codeNames';
import { sendRowKey, useFresh } from '../../entities/cash/freshRow';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { Check, FilterBar } from '../../ui/FilterBar';
import { inputClass } from '../../ui/Field';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { PartnerTree } from './PartnerTree';
import { defaultSubPointFilter, subPointQueryOptions, type SearchType, type SubPointFilter } from '../../entities/cash/transferQueries';
import { SearchFields } from './SearchFields';
import { useCaller } from '../../lib/caller';
import css from './RetailCash.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof retailCalls.pointList>['list'][number];

/** subpartnerPointList: point movements of everyone below, by content type. */
export function SubPointList() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [f, setF] = useState<SubPointFilter>(defaultSubPointFilter);
  const [searchType, setSearchType] = useState<SearchType>('memId');
  const [word, setWord] = useState('');
  const query = useQuery(subPointQueryOptions(api, prefix, caller.memId, f));
  const freshKey = useFresh('subPoint');
  const fresh = f.page === 1 ? query.data?.list.find((r) => sendRowKey(r.pointType, r.memId, r.pointAmt) === freshKey)?.pointIdx : undefined;
  const set = (p: Partial<SubPointFilter>) => setF((o) => ({ ...o, page: 1, ...p }));
  const first = query.data ? (query.data.pageInfo.page - 1) * query.data.pageInfo.count_per_list : 0;
  const numbered = (query.data?.list ?? []).map((r, i) => ({ ...r, no: query.data!.pageInfo.tatal_list_count - first - i }));

  const columns: Column<Row & { no: number }>[] = [
    { key: 'no', label: t`번호`, numeric: true, render: (r) => r.no },
    { key: 'id', label: t`아이디`, render: (r) => r.memId },
    { key: 'nick', label: t`닉네임`, render: (r) => r.memNick },
    { key: 'kind', label: t`내용`, render: (r) => pointTypeName(r.pointType) },
    { key: 'pre', label: t`이전 포인트`, numeric: true, render: (r) => <Money value={r.prePointAmt} unit="point" /> },
    { key: 'amt', label: t`포인트`, numeric: true, render: (r) => <Money value={r.pointAmt} unit="point" /> },
    { key: 'aft', label: t`이후 포인트`, numeric: true, render: (r) => <Money value={r.aftPointAmt} unit="point" /> },
    { key: 'date', label: t`일시`, render: (r) => r.pointRegDate },
  ];

  return (
    <div className={css.page} data-testid="sub-point-list">
      <h1 className={css.title}>
        <Trans>하위 포인트 내역</Trans>
      </h1>
      <div className={css.split}>
        <PartnerTree selected={f.node} onSelect={(node) => set({ node })} />
        <div className={css.page}>
          <FilterBar onSubmit={() => set({ searchType, word: word.trim() })} summary={[rangeSummary(f.range), f.old && t`과거 데이터`, f.word]}>
            <DateRangeFilter value={f.range} onChange={(range) => set({ range })} />
            <Check label={<Trans>과거 데이터</Trans>} checked={f.old} onChange={(e) => set({ old: e.target.checked })} />
            <select
              className={inputClass}
              aria-label={t`내용`}
              value={String(f.pointType ?? '')}
              onChange={(e) => set({ pointType: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">{t`전체`}</option>
              {pointTypeCodes.map((c) => (
                <option key={c} value={c}>
                  {pointTypeName(c)}
                </option>
              ))}
            </select>
            <SearchFields type={searchType} word={word} onType={setSearchType} onWord={setWord} />
            <Button type="submit" variant="primary">
              <Trans>검색</Trans>
            </Button>
          </FilterBar>
          <SeenAt query={query} />
          {!query.isPending && <DataList rows={numbered} columns={columns} rowKey={(r) => r.pointIdx} fresh={fresh} />}
          {query.data && <Pager info={query.data.pageInfo} onPage={(page) => setF((o) => ({ ...o, page }))} />}
        </div>
      </div>
    </div>
  );
}
