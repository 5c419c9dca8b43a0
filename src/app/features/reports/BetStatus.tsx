import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { statTypes } from '../../../contract/gameConcepts';
import { settleGroupName } from '../../entities/bet/betCodes';
import { openRateModal } from '../../entities/rate/rateModal';
import { Card } from '../../ui/Card';
import { DataList } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { FilterBar, useWide } from '../../ui/FilterBar';
import { HierarchyTree } from '../../entities/partner/HierarchyTree';
import { Money } from '../../widgets/Money';
import { SeenAt } from '../../widgets/SeenAt';
import { Signed } from '../../widgets/Signed';
import { betStatisticsQueryOptions, today, type StatType } from '../../entities/report/statisticsQueries';
import { useStatColumns, type StatRow } from './statColumns';
import { useCaller } from '../../lib/caller';
import css from './Statistics.module.css';
import { useApi } from '../../lib/useApi';

const routes = { total: '/$prefix/bettingtotal', casino: '/$prefix/bettingcasino', slot: '/$prefix/bettingslot' } as const;

/** bettingtotal / bettingcasino / bettingslot: a partner's own figures and its lower partners' with their sum. */
export function BetStatus({ statType }: { statType: StatType }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const { memId: me } = useCaller();
  const [node, setNode] = useState<string | null>(null);
  const [range, setRange] = useState(today);
  const q = useQuery(betStatisticsQueryOptions(api, prefix, me, statType, node, range));
  const typeName = settleGroupName(statType);
  const who = (r: StatRow) => (
    <button type="button" className={css.linkButton} onClick={() => setNode(r.memId)} title={t`하위 보기`}>
      {r.memId} <span className={css.muted}>({r.memNick})</span>
    </button>
  );
  const columns = useStatColumns((r) => (r.memId ? who(r) : '-'));
  const ownColumns = useStatColumns((r) => (
    <>
      {r.memId} <span className={css.muted}>({r.memNick})</span>
    </>
  ));
  const own = q.data?.myStatData;
  const card = (r: StatRow) => (
    <div className={css.statCard} data-testid="stat-card">
      <div className={css.cardHead}>
        <span className={css.badge}>{r.partnerLevelName}</span>
        {who(r)}
        <button type="button" className={css.rateButton} onClick={() => openRateModal(r.memId)}>
          <Trans>요율</Trans>
        </button>
      </div>
      <dl className={css.grid3}>
        <div>
          <dt>
            <Trans>총 베팅</Trans>
          </dt>
          <dd>
            <Money value={r.betAmtSum} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>총 당첨</Trans>
          </dt>
          <dd>
            <Money value={r.winAmtSum} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>베팅-당첨</Trans>
          </dt>
          <dd>
            <Signed value={r.winLoseSum} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>총 롤링</Trans>
          </dt>
          <dd>
            <Money value={r.rollingSum} unit="point" />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>베팅 손익</Trans>
          </dt>
          <dd>
            <Signed value={r.totalBEP} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>총 루징</Trans>
          </dt>
          <dd>
            <Money value={r.losingAmtSum} /> <small>({r.loseRate}%)</small>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>총 충전</Trans>
          </dt>
          <dd>
            <Money value={r.cashInAmtSum} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>총 환전</Trans>
          </dt>
          <dd>
            <Money value={r.cashOutAmtSum} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>보유머니</Trans>
          </dt>
          <dd>
            <Money value={r.cashAmtSum} />
          </dd>
        </div>
      </dl>
    </div>
  );

  const wide = useWide();
  const tree = <HierarchyTree selected={node} onSelect={(id) => setNode(id === me ? null : id)} treeOption="N" />;

  return (
    <div className={css.page} data-testid="bet-status">
      <h1 className={css.title}>
        <Trans>베팅 현황</Trans> <span className={css.typeLabel}>{typeName}</span>
      </h1>
      <nav className={css.typeTabs} aria-label={t`구분`}>
        {statTypes.map((k) => (
          <Link key={k} to={routes[k]} params={{ prefix }} aria-current={k === statType ? 'page' : undefined}>
            {settleGroupName(k)}
          </Link>
        ))}
      </nav>
      <div className={css.layout}>
        {wide && <Card className={css.treeCard}>{tree}</Card>}
        <div className={css.main}>
          <FilterBar summary={[rangeSummary(range), node]}>
            {!wide && tree}
            <DateRangeFilter value={range} onChange={setRange} />
          </FilterBar>
          <SeenAt query={q} />
          {own && (
            <section className={css.section} data-testid="own-stat" data-bet={own.betAmtSum}>
              <h2 className={css.sectionTitle}>
                <Trans>{own.memId} 본인</Trans>
              </h2>
              <DataList rows={[own]} columns={ownColumns} rowKey={(r) => r.memId} card={card} />
            </section>
          )}
          {!q.isPending && (
            <section className={css.section}>
              <h2 className={css.sectionTitle}>
                <Trans>하위 파트너</Trans>
              </h2>
              <DataList
                rows={q.data?.botStatList ?? []}
                columns={columns}
                rowKey={(r) => r.memId}
                card={card}
                foot={q.data && q.data.botStatList.length > 0 ? q.data.botStatSum : undefined}
                empty={<Trans>검색된 내역이 없습니다.</Trans>}
              />
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
