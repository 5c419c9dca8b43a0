import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { statsCalls } from '../../../contract/stats';
import { categoryName } from '../../entities/bet/betCodes';
import { Chart } from '../../widgets/Chart';
import { DataList, type Column } from '../../ui/DataList';
import { Money } from '../../widgets/Money';
import { Signed } from '../../widgets/Signed';
import { SplitBar, categoryColors } from '../../widgets/SplitBar';
import { statsQueryOptions } from '../../entities/report/statisticsQueries';
import { DayRow, PeriodTotals } from './DayRows';
import { StatsFrame, useStatsFilter } from './StatsFrame';
import { useCaller } from '../../lib/caller';
import { useApi } from '../../lib/useApi';

type GameRow = ResOf<typeof statsCalls.allGames>['list'][number];
type DayGameRow = ResOf<typeof statsCalls.dateGames>['list'][number];

const byCategory = (rows: { gameCategory: string; betAmt: number }[]) => {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r.gameCategory, (m.get(r.gameCategory) ?? 0) + r.betAmt);
  return [...m].map(([c, v]) => ({ label: categoryName(c), value: v, color: categoryColors[c] ?? 'var(--text-muted)' }));
};

/** statisticAllGames: every game played in the subtree over the dates. */
export function AllGames() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const filter = useStatsFilter();
  const q = useQuery(statsQueryOptions(api, prefix, caller.memId, 'allGames', filter.f));
  const rows = q.data?.list ?? [];
  const columns: Column<GameRow>[] = [
    { key: 'cat', label: t`구분`, render: (r) => categoryName(r.gameCategory) },
    { key: 'vendor', label: t`게임사`, render: (r) => r.vendorName },
    { key: 'game', label: t`게임`, render: (r) => r.gameName },
    { key: 'users', label: t`회원 수`, numeric: true, render: (r) => r.userCnt.toLocaleString('en-US') },
    { key: 'cnt', label: t`베팅 수`, numeric: true, render: (r) => r.betCnt.toLocaleString('en-US') },
    { key: 'bet', label: t`베팅`, numeric: true, render: (r) => <Money value={r.betAmt} /> },
    { key: 'win', label: t`당첨`, numeric: true, render: (r) => <Money value={r.winAmt} /> },
    { key: 'result', label: t`윈루즈`, numeric: true, render: (r) => <Signed value={r.betResultAmt} /> },
  ];
  return (
    <StatsFrame title={<Trans>게임별 통계</Trans>} testId="stat-all-games" filter={filter} query={q} chart={<SplitBar title={t`게임별 베팅 비중`} parts={byCategory(rows)} />}>
      {!q.isPending && <DataList rows={rows} columns={columns} rowKey={(r) => `${r.vendorCode}:${r.gameCode}`} empty={<Trans>검색된 내역이 없습니다.</Trans>} />}
    </StatsFrame>
  );
}

/** statisticDateGames: per day and game category, drawn as daily bars per category. */
export function DateGames() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const filter = useStatsFilter();
  const q = useQuery(statsQueryOptions(api, prefix, caller.memId, 'dateGames', filter.f));
  const rows = q.data?.list ?? [];
  const days = [...new Set(rows.map((r) => r.days))].sort();
  const cats = [...new Set(rows.map((r) => r.gameCategory))];
  const columns: Column<DayGameRow>[] = [
    { key: 'day', label: t`날짜`, render: (r) => r.days },
    { key: 'cat', label: t`구분`, render: (r) => categoryName(r.gameCategory) },
    { key: 'cnt', label: t`베팅 수`, numeric: true, render: (r) => r.betCnt.toLocaleString('en-US') },
    { key: 'bet', label: t`베팅`, numeric: true, render: (r) => <Money value={r.betAmt} /> },
    { key: 'win', label: t`당첨`, numeric: true, render: (r) => <Money value={r.winAmt} /> },
    { key: 'rolling', label: t`롤링`, numeric: true, render: (r) => <Money value={r.rollingAmt} unit="point" /> },
    { key: 'losing', label: t`루징`, numeric: true, render: (r) => <Money value={r.losingAmt} /> },
    { key: 'result', label: t`윈루즈`, numeric: true, render: (r) => <Signed value={r.betResultAmt} /> },
  ];
  const chart = days.length > 0 && (
    <Chart
      title={t`일별 게임별 베팅`}
      labels={days.map((d) => d.slice(5))}
      series={cats.map((c) => ({
        label: categoryName(c),
        color: categoryColors[c] ?? 'var(--text-muted)',
        values: days.map((d) => rows.find((r) => r.days === d && r.gameCategory === c)?.betAmt ?? 0),
      }))}
    />
  );
  return (
    <StatsFrame title={<Trans>일별 게임 통계</Trans>} testId="stat-date-games" filter={filter} query={q} chart={chart}>
      <PeriodTotals total={q.data?.total} />
      {!q.isPending && (
        <DataList
          rows={rows}
          columns={columns}
          rowKey={(r) => `${r.days}:${r.gameCategory}`}
          empty={<Trans>검색된 내역이 없습니다.</Trans>}
          card={(r) => <DayRow day={r.days} who={categoryName(r.gameCategory)} f={r} />}
        />
      )}
    </StatsFrame>
  );
}
