import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { isOffline } from '../../lib/api';
import { alert } from '../../lib/dialogs';
import { Chart } from '../../widgets/Chart';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { FilterBar } from '../../ui/FilterBar';
import { Money } from '../../widgets/Money';
import { SeenAt } from '../../widgets/SeenAt';
import { Signed } from '../../widgets/Signed';
import { dailyBettingQueryOptions, defaultDailyRange } from '../../entities/report/statisticsQueries';
import { useCaller } from '../../lib/caller';
import css from './Statistics.module.css';
import { useApi } from '../../lib/useApi';

const DAY = 86_400_000;
/** Every KST day of the range (at most 92), so days without bets show as empty bars. */
function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`), last = Date.parse(`${end}T00:00:00Z`); t <= last && out.length < 92; t += DAY) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

type Row = { days: string; dUserPayment: number; dUserPayback: number; dBetAmt: number; dWinAmt: number };

/** statDateBet: per KST day deposits, withdrawals, bets and wins of the subtree, drawn and listed. */
export function DailyBetting() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [range, setRange] = useState(defaultDailyRange);
  const q = useQuery(dailyBettingQueryOptions(api, prefix, caller.memId, range));
  useEffect(() => {
    if (q.isError && !isOffline(q.error)) void alert(t`다시 시도해 주세요.`);
  }, [q.isError, q.error, t]);
  const rows = q.data?.dailyBetList ?? [];
  const byDay = new Map(rows.map((r) => [r.days, r]));
  const days = daysBetween(range.start, range.end);
  const sum = q.data ? { days: t`합계`, ...q.data.dailyBetSum } : undefined;
  const columns: Column<Row>[] = [
    { key: 'day', label: t`날짜`, render: (r) => r.days },
    { key: 'in', label: t`매장 입금`, numeric: true, render: (r) => <Money value={r.dUserPayment} /> },
    { key: 'out', label: t`매장 출금`, numeric: true, render: (r) => <Money value={r.dUserPayback} /> },
    { key: 'bet', label: t`베팅금`, numeric: true, render: (r) => <Money value={r.dBetAmt} /> },
    { key: 'win', label: t`당첨금`, numeric: true, render: (r) => <Money value={r.dWinAmt} /> },
    { key: 'net', label: t`베팅-당첨`, numeric: true, render: (r) => <Signed value={r.dBetAmt - r.dWinAmt} /> },
  ];
  const card = (r: Row) => (
    <div className={css.statCard} data-testid="daily-row">
      <strong>{r.days}</strong>
      <dl className={css.grid3}>
        <div>
          <dt>
            <Trans>매장 입금</Trans>
          </dt>
          <dd>
            <Money value={r.dUserPayment} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>매장 출금</Trans>
          </dt>
          <dd>
            <Money value={r.dUserPayback} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>베팅-당첨</Trans>
          </dt>
          <dd>
            <Signed value={r.dBetAmt - r.dWinAmt} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>베팅금</Trans>
          </dt>
          <dd>
            <Money value={r.dBetAmt} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>당첨금</Trans>
          </dt>
          <dd>
            <Money value={r.dWinAmt} />
          </dd>
        </div>
      </dl>
    </div>
  );
  return (
    <div className={css.page} data-testid="daily-betting" data-bet={q.data?.dailyBetSum.dBetAmt}>
      <h1 className={css.title}>
        <Trans>일별 베팅</Trans>
      </h1>
      <FilterBar summary={[rangeSummary(range)]}>
        <DateRangeFilter value={range} onChange={setRange} />
      </FilterBar>
      <SeenAt query={q} />
      {rows.length > 0 && (
        <Chart
          title={t`일별 베팅/당첨`}
          testId="daily-chart"
          labels={days.map((d) => d.slice(5))}
          series={[
            { label: t`베팅금`, color: 'var(--negative)', values: days.map((d) => byDay.get(d)?.dBetAmt ?? 0) },
            { label: t`당첨금`, color: 'var(--positive)', values: days.map((d) => byDay.get(d)?.dWinAmt ?? 0) },
          ]}
        />
      )}
      {!q.isPending && (
        <DataList rows={rows} columns={columns} rowKey={(r) => r.days} card={card} foot={rows.length ? sum : undefined} empty={<Trans>검색된 내역이 없습니다.</Trans>} />
      )}
    </div>
  );
}
