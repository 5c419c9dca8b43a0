import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { ResOf } from '../../../contract/define';
import type { pointCalls } from '../../../contract/point';
import { pointTypeName } from '../../entities/cash/codeNames';
import type { DayRange } from '../../lib/dayRange';
import { session } from '../../lib/session/store';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { FilterBar } from '../../ui/FilterBar';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { accrualQueryOptions, defaultAccrualRange } from '../../entities/cash/transferQueries';
import { useCaller } from '../../lib/caller';
import css from './RetailCash.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof pointCalls.list>['list'][number];

/** pointList: the partner's own accrued points (rolling and events). */
export function PointAccrual() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { site } = useSnapshot(session);
  const caller = useCaller();
  const { t } = useLingui();
  const [range, setRange] = useState<DayRange>(defaultAccrualRange);
  const [page, setPage] = useState(1);
  const query = useQuery(accrualQueryOptions(api, prefix, caller.memId, range, page));

  const columns: Column<Row>[] = [
    { key: 'date', label: t`적립일시`, render: (r) => r.regDt },
    { key: 'idx', label: t`번호`, render: (r) => r.gameIdx ?? r.pointIdx },
    { key: 'site', label: t`사이트`, render: () => site?.siteName ?? '' },
    { key: 'mem', label: t`회원 아이디`, render: (r) => r.memId },
    { key: 'kind', label: t`구분`, render: (r) => pointTypeName(r.pointType) },
    { key: 'bet', label: t`베팅금액`, numeric: true, render: (r) => <Money value={r.betAmt} /> },
    { key: 'rate', label: t`비율`, numeric: true, render: (r) => `${r.pointRate}%` },
    { key: 'bonus', label: t`보너스 비율`, numeric: true, render: (r) => `${r.pointBonusRate}%` },
    { key: 'amt', label: t`적립 포인트`, numeric: true, render: (r) => <Money value={r.point_inAmt} unit="point" /> },
  ];

  return (
    <div className={css.page} data-testid="point-accrual">
      <h1 className={css.title}>
        <Trans>포인트 적립 내역</Trans>
      </h1>
      <FilterBar summary={[rangeSummary(range)]}>
        <DateRangeFilter value={range} onChange={(r) => (setRange(r), setPage(1))} />
      </FilterBar>
      {query.data && (
        <p className={css.total}>
          <Trans>기간 적립 합계</Trans>{' '}
          <strong>
            <Money value={query.data.sum} unit="point" />
          </strong>
        </p>
      )}
      <SeenAt query={query} />
      {!query.isPending && <DataList rows={query.data?.list ?? []} columns={columns} rowKey={(r) => r.pointIdx} />}
      {query.data && <Pager info={query.data.pageInfo} onPage={setPage} />}
    </div>
  );
}
