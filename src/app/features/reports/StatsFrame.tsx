import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PageInfo } from '../../../contract/define';
import { Button } from '../../ui/Button';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { inputClass } from '../../ui/Field';
import { FilterBar } from '../../ui/FilterBar';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { defaultStatsFilter, type StatsFilter } from '../../entities/report/statisticsQueries';
import css from './Statistics.module.css';

/** The statistics screens' frame: its filter state, title, date filter (and member search), chart, list and pager. */
export function useStatsFilter() {
  const [f, setF] = useState<StatsFilter>(defaultStatsFilter);
  return { f, set: (p: Partial<StatsFilter>) => setF((o) => ({ ...o, page: 1, ...p })), page: (page: number) => setF((o) => ({ ...o, page })) };
}

export function StatsFrame({
  title,
  testId,
  filter,
  search,
  query,
  chart,
  children,
}: {
  title: ReactNode;
  testId: string;
  filter: ReturnType<typeof useStatsFilter>;
  search?: boolean;
  query: { data: { pageInfo: PageInfo } | undefined; dataUpdatedAt: number; isError: boolean };
  chart?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const [word, setWord] = useState('');
  return (
    <div className={css.page} data-testid={testId}>
      <h1 className={css.title}>{title}</h1>
      <FilterBar onSubmit={() => filter.set({ memId: word.trim() })} summary={[rangeSummary(filter.f.range), filter.f.memId]}>
        <DateRangeFilter value={filter.f.range} onChange={(range) => filter.set({ range })} />
        {search && (
          <>
            <input className={inputClass} type="search" aria-label={t`회원 아이디`} placeholder={t`회원 아이디`} value={word} onChange={(e) => setWord(e.target.value)} />
            <Button type="submit" variant="primary">
              <Trans>검색</Trans>
            </Button>
          </>
        )}
      </FilterBar>
      <SeenAt query={query} />
      {query.data && (
        <p className={css.total}>
          <Trans>총 {query.data.pageInfo.tatal_list_count}건</Trans>
        </p>
      )}
      {chart}
      {children}
      {query.data && <Pager info={query.data.pageInfo} onPage={filter.page} />}
    </div>
  );
}
