import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { pointCalls } from '../../../contract/point';
import { pointTypeName, requestStatusName } from '../../entities/cash/codeNames';
import type { DayRange } from '../../lib/dayRange';
import { useFresh } from '../../entities/cash/freshRow';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { FilterBar } from '../../ui/FilterBar';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { Loaded } from '../../widgets/Loaded';
import { defaultPointRange, pointListQueryOptions } from '../../entities/cash/queries';
import { useCaller } from '../../lib/caller';
import css from './Cash.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof pointCalls.list>['list'][number];

/** Accrued points ('in', with a date filter, default 7 days) or conversions ('out'). */
export function PointHistory({ kind }: { kind: 'in' | 'out' }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [range, setRange] = useState<DayRange>(defaultPointRange);
  const [page, setPage] = useState(1);
  const fresh = useFresh('pointConvert');
  const query = useQuery(pointListQueryOptions(api, prefix, caller.memId, kind, kind === 'in' ? range : null, page));

  const accrued: Column<Row>[] = [
    { key: 'date', label: t`일시`, render: (r) => r.regDt },
    { key: 'kind', label: t`구분`, render: (r) => pointTypeName(r.pointType) },
    { key: 'bet', label: t`베팅금액`, numeric: true, render: (r) => <Money value={r.betAmt} /> },
    { key: 'rate', label: t`포인트 비율`, numeric: true, render: (r) => `${r.pointRate}%` },
    { key: 'bonus', label: t`보너스 비율`, numeric: true, render: (r) => `${r.pointBonusRate}%` },
    { key: 'amt', label: t`적립 포인트`, numeric: true, render: (r) => <Money value={r.point_inAmt} unit="point" /> },
  ];
  const converted: Column<Row>[] = [
    { key: 'date', label: t`신청일시`, render: (r) => r.regDt },
    { key: 'kind', label: t`구분`, render: () => t`머니 전환` },
    { key: 'amt', label: t`신청 포인트`, numeric: true, render: (r) => <Money value={Math.abs(r.point_inAmt)} unit="point" /> },
    { key: 'upd', label: t`처리일시`, render: (r) => r.updDt },
    { key: 'status', label: t`상태`, render: () => requestStatusName(1) },
  ];

  return (
    <section className={css.section} data-testid={kind === 'in' ? 'point-history' : 'point-convert-history'}>
      {kind === 'in' && (
        <FilterBar>
          <DateRangeFilter value={range} onChange={(r) => (setRange(r), setPage(1))} />
        </FilterBar>
      )}
      {kind === 'in' && query.data && (
        <p className={css.sum}>
          <Trans>기간 적립 합계</Trans>{' '}
          <strong>
            <Money value={query.data.sum} unit="point" />
          </strong>
        </p>
      )}
      <Loaded query={query}>
        {(d) => (
          <DataList
            rows={d.list}
            columns={kind === 'in' ? accrued : converted}
            rowKey={(r) => r.pointIdx}
            // a conversion's receipt points at the newest conversion
            fresh={kind === 'out' && fresh === 'latest' && page === 1 ? d.list[0]?.pointIdx : null}
          />
        )}
      </Loaded>
      {query.data && <Pager info={query.data.pageInfo} onPage={setPage} />}
    </section>
  );
}
