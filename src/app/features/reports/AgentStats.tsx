import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { statsCalls } from '../../../contract/stats';
import { partnerLevelName } from '../../entities/partner/levelNames';
import { DataList, type Column } from '../../ui/DataList';
import { Money } from '../../widgets/Money';
import { Signed } from '../../widgets/Signed';
import { statsQueryOptions } from '../../entities/report/statisticsQueries';
import { DayRow, PeriodTotals } from './DayRows';
import { StatsFrame, useStatsFilter } from './StatsFrame';
import { useCaller } from '../../lib/caller';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof statsCalls.dateAgent>['list'][number];

/** statisticDateAgent: per day and direct lower partner (its whole subtree's figures). */
export function DateAgent() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const filter = useStatsFilter();
  const q = useQuery(statsQueryOptions(api, prefix, caller.memId, 'dateAgent', filter.f));
  const columns: Column<Row>[] = [
    { key: 'day', label: t`날짜`, render: (r) => r.days },
    { key: 'level', label: t`등급`, render: (r) => partnerLevelName(r.partnerLevel) },
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
    { key: 'losing', label: t`루징`, numeric: true, render: (r) => <Money value={r.losingAmt} /> },
    { key: 'result', label: t`윈루즈`, numeric: true, render: (r) => <Signed value={r.betResultAmt} /> },
  ];
  return (
    <StatsFrame title={<Trans>일별 파트너 통계</Trans>} testId="stat-date-agent" filter={filter} query={q}>
      <PeriodTotals total={q.data?.total} />
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
                  {partnerLevelName(r.partnerLevel)} {r.memId} <small>{r.memNick}</small>
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
