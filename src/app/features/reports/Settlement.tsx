import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { settleGroupName } from '../../entities/bet/betCodes';
import { figure } from '../../entities/bet/figures';
import { Button } from '../../ui/Button';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { Empty } from '../../ui/Empty';
import { inputClass } from '../../ui/Field';
import { Check, FilterBar } from '../../ui/FilterBar';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { SplitBar, categoryColors } from '../../widgets/SplitBar';
import { BottomBets } from './BottomBets';
import { useOfferedGroups } from './groups';
import { calcQueryOptions, defaultCalcFilter, type CalcFilter } from '../../entities/report/settlementQueries';
import { SettlementHead, SettlementRows } from './SettlementRows';
import { SettleTabs } from './SettleTabs';
import { Summary } from './Summary';
import { useCaller } from '../../lib/caller';
import css from './Settlement.module.css';
import { useApi } from '../../lib/useApi';

/** partnerCalculationList (partner totals): lower partners' settlement, rows opening onto their own lower partners. */
export function Settlement() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [f, setF] = useState<CalcFilter>(defaultCalcFilter);
  const [word, setWord] = useState('');
  const [bets, setBets] = useState<string | null>(null);
  const q = useQuery(calcQueryOptions(api, prefix, caller.memId, f));
  const groups = useOfferedGroups();
  const mini = groups.includes('mini');
  const set = (p: Partial<CalcFilter>) => setF((o) => ({ ...o, page: 1, ...p }));
  const total = q.data?.outSearchTotal;
  const rows = q.data?.outSearchList ?? [];

  return (
    <div className={css.page} data-testid="settlement">
      <h1 className={css.title}>
        <Trans>정산</Trans>
      </h1>
      <SettleTabs current="partner" />
      <FilterBar onSubmit={() => set({ memId: word.trim() })} summary={[rangeSummary(f.range), f.old && t`과거 데이터`, f.memId]}>
        <DateRangeFilter value={f.range} onChange={(range) => set({ range })} />
        <Check label={<Trans>과거 데이터</Trans>} checked={f.old} onChange={(e) => set({ old: e.target.checked })} />
        <input className={inputClass} type="search" aria-label={t`파트너 아이디`} placeholder={t`파트너 아이디`} value={word} onChange={(e) => setWord(e.target.value)} />
        <Button type="submit" variant="primary">
          <Trans>검색</Trans>
        </Button>
      </FilterBar>
      <SeenAt query={q} />
      {total && <Summary total={total} />}
      {total && <SplitBar title={t`게임별 베팅 비중`} parts={groups.map((g) => ({ label: settleGroupName(g), value: figure(total, `${g}BetAmt`), color: categoryColors[g] }))} />}
      {!q.isPending &&
        (rows.length === 0 ? (
          <Empty>
            <Trans>검색된 내역이 없습니다.</Trans>
          </Empty>
        ) : (
          <div
            className={css.gridWrap}
            role="table"
            aria-label={t`파트너 정산`}
            style={{ ['--cols' as string]: `220px ${mini ? '90px ' : ''}110px 110px 110px repeat(${groups.length + 1}, 120px) 170px` }}
          >
            <SettlementHead groups={groups} mini={mini} />
            <SettlementRows rows={rows} depth={0} filter={f} groups={groups} mini={mini} onBets={setBets} />
          </div>
        ))}
      {q.data?.pageInfo && <Pager info={q.data.pageInfo} onPage={(page) => setF((o) => ({ ...o, page }))} />}
      <BottomBets memId={bets} onClose={() => setBets(null)} />
    </div>
  );
}
