import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { cashCalls } from '../../../contract/cash';
import type { ResOf } from '../../../contract/define';
import { cashTypeName, moveStateName } from '../../entities/cash/codeNames';
import { Badge } from '../../ui/Badge';
import { useFresh } from '../../entities/cash/freshRow';
import { cashMovesQueryOptions, defaultMoveRange } from '../../entities/cash/queries';
import { useCaller } from '../../lib/caller';
import type { DayRange } from '../../lib/dayRange';
import { useApi } from '../../lib/useApi';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { FilterBar } from '../../ui/FilterBar';
import { ListSkeleton } from '../../ui/ListSkeleton';
import { Pager } from '../../ui/Pager';
import { Loaded } from '../../widgets/Loaded';
import { Money } from '../../widgets/Money';
import css from './Cash.module.css';
import moves from './MoveHistory.module.css';

type Row = ResOf<typeof cashCalls.moves>['list'][number];

/** What came in shows with a plus, what went out with a minus. */
const Signed = ({ value }: { value: number }) => (
  <span className={moves.amount} data-sign={value < 0 ? 'out' : 'in'}>
    {value > 0 ? '+' : ''}
    <Money value={value} />
  </span>
);

const stateTone = { pending: 'wait', done: 'ok', cancelled: 'muted', rejected: 'muted' } as const;

/** Where the row stands in words: a held withdrawal reads 처리 중 until the operator pays it. */
const State = ({ row }: { row: Row }) => {
  const state = row.state ?? 'done';
  return (
    <span data-testid="move-state" data-state={state}>
      <Badge tone={stateTone[state]}>{moveStateName(state)}</Badge>
    </span>
  );
};

/** The player's own money history (거래내역): every cash movement the ledger holds, with the balance after. */
export function MoveHistory() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [range, setRange] = useState<DayRange>(defaultMoveRange);
  const [page, setPage] = useState(1);
  const fresh = useFresh('cashMove');
  const query = useQuery(cashMovesQueryOptions(api, prefix, caller.memId, range, page));

  const columns: Column<Row>[] = [
    { key: 'date', label: t`일시`, render: (r) => r.regDate },
    { key: 'kind', label: t`구분`, render: (r) => cashTypeName(r.moveType) },
    { key: 'state', label: t`상태`, render: (r) => <State row={r} /> },
    { key: 'amt', label: t`금액`, numeric: true, render: (r) => <Signed value={r.amount} /> },
    { key: 'after', label: t`잔액`, numeric: true, render: (r) => <Money value={r.afterAmt} /> },
    { key: 'ref', label: t`참조`, render: (r) => r.reference || '-' },
  ];
  // a receipt names its action by reference ('latest': the newest row): the newest row of that reference is the one it points at
  const freshKey = (list: Row[]) => (fresh == null ? null : (list.find((r) => fresh === 'latest' || r.reference === fresh)?.moveIdx ?? null));

  return (
    <div className={css.page} data-testid="cash-moves">
      <h1 className={css.title}>
        <Trans>거래내역</Trans>
      </h1>
      <FilterBar>
        <DateRangeFilter value={range} onChange={(r) => (setRange(r), setPage(1))} />
      </FilterBar>
      {/* only while a read runs: offline with nothing seen, Loaded says it cannot load */}
      {query.isLoading && <ListSkeleton />}
      <Loaded query={query}>
        {(d) => (
          <DataList
            rows={d.list}
            columns={columns}
            rowKey={(r) => r.moveIdx}
            fresh={freshKey(d.list)}
            card={(r) => (
              <div className={moves.card} data-testid="cash-move">
                <div className={moves.top}>
                  <strong>
                    {cashTypeName(r.moveType)} <State row={r} />
                  </strong>
                  <Signed value={r.amount} />
                </div>
                <div className={moves.meta}>
                  <span>
                    {r.regDate}
                    {r.reference && ` · ${r.reference}`}
                  </span>
                  <span>
                    <Trans>잔액</Trans> <Money value={r.afterAmt} />
                  </span>
                </div>
              </div>
            )}
          />
        )}
      </Loaded>
      {query.data && <Pager info={query.data.pageInfo} onPage={setPage} />}
    </div>
  );
}
