import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { statsCalls } from '../../../contract/stats';
import { settleGroupCodes } from '../../../contract/gameConcepts';
import { settleGroupName } from '../../entities/bet/betCodes';
import { figure } from '../../entities/bet/figures';
import { DataList, type Column } from '../../ui/DataList';
import { Money } from '../../widgets/Money';
import { Signed } from '../../widgets/Signed';
import { SplitBar, categoryColors } from '../../widgets/SplitBar';
import { statsQueryOptions } from '../../entities/report/statisticsQueries';
import { DayRow, PeriodTotals } from './DayRows';
import { StatsFrame, useStatsFilter } from './StatsFrame';
import { useCaller } from '../../lib/caller';
import { useApi } from '../../lib/useApi';

type UserRow = ResOf<typeof statsCalls.allUsers>['list'][number];
type DayUserRow = ResOf<typeof statsCalls.dateUsers>['list'][number];

const groups = settleGroupCodes;

/** statisticAllUsers: every player of the subtree over the dates, with the category split of their bets. */
export function AllUsers() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const filter = useStatsFilter();
  const q = useQuery(statsQueryOptions(api, prefix, caller.memId, 'allUsers', filter.f));
  const total = q.data?.total;
  const columns: Column<UserRow>[] = [
    {
      key: 'who',
      label: t`아이디(닉네임)`,
      render: (r) => (
        <>
          {r.memId} <small>({r.memNick})</small>
        </>
      ),
    },
    { key: 'upper', label: t`상위`, render: (r) => r.recommenderId },
    { key: 'cnt', label: t`베팅 수`, numeric: true, render: (r) => r.betCnt.toLocaleString('en-US') },
    { key: 'bet', label: t`베팅`, numeric: true, render: (r) => <Money value={r.betAmt} /> },
    { key: 'win', label: t`당첨`, numeric: true, render: (r) => <Money value={r.betAmtWin} /> },
    { key: 'rolling', label: t`롤링`, numeric: true, render: (r) => <Money value={r.rollingAmt} unit="point" /> },
    { key: 'result', label: t`윈루즈`, numeric: true, render: (r) => <Signed value={r.betResultAmt} /> },
  ];
  return (
    <StatsFrame
      title={<Trans>회원별 통계</Trans>}
      testId="stat-all-users"
      filter={filter}
      search
      query={q}
      chart={
        total && <SplitBar title={t`게임별 베팅 비중`} parts={groups.map((g) => ({ label: settleGroupName(g), value: figure(total, `${g}BetAmt`), color: categoryColors[g] }))} />
      }
    >
      {!q.isPending && <DataList rows={q.data?.list ?? []} columns={columns} rowKey={(r) => r.memId} empty={<Trans>검색된 내역이 없습니다.</Trans>} />}
    </StatsFrame>
  );
}

/** statisticDateUsers: per day and player. */
export function DateUsers() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const filter = useStatsFilter();
  const q = useQuery(statsQueryOptions(api, prefix, caller.memId, 'dateUsers', filter.f));
  const columns: Column<DayUserRow>[] = [
    { key: 'day', label: t`날짜`, render: (r) => r.days },
    {
      key: 'who',
      label: t`아이디(닉네임)`,
      render: (r) => (
        <>
          {r.memId} <small>({r.memNick})</small>
        </>
      ),
    },
    { key: 'cnt', label: t`베팅 수`, numeric: true, render: (r) => r.betCnt.toLocaleString('en-US') },
    { key: 'bet', label: t`베팅`, numeric: true, render: (r) => <Money value={r.betAmt} /> },
    { key: 'win', label: t`당첨`, numeric: true, render: (r) => <Money value={r.winAmt} /> },
    { key: 'rolling', label: t`롤링`, numeric: true, render: (r) => <Money value={r.rollingAmt} unit="point" /> },
    { key: 'result', label: t`윈루즈`, numeric: true, render: (r) => <Signed value={r.betResultAmt} /> },
  ];
  return (
    <StatsFrame title={<Trans>일별 회원 통계</Trans>} testId="stat-date-users" filter={filter} query={q}>
      <PeriodTotals total={q.data?.total} losing={false} />
      {!q.isPending && (
        <DataList
          rows={q.data?.list ?? []}
          columns={columns}
          rowKey={(r) => `${r.days}:${r.memId}`}
          empty={<Trans>검색된 내역이 없습니다.</Trans>}
          card={(r) => (
            <DayRow
              day={r.days}
              who={
                <>
                  {r.memId} <small>{r.memNick}</small>
                </>
              }
              f={r}
            />
          )}
        />
      )}
    </StatsFrame>
  );
}
