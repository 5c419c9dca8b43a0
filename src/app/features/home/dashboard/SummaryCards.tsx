import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../lib/format';
import { Money } from '../../../widgets/Money';
import { Chart } from '../../../widgets/Chart';
import { statisticsQueryOptions, weekTrendQueryOptions } from '../../../entities/report/dashboardQueries';
import css from './Dashboard.module.css';
import { useApi } from '../../../lib/useApi';

/** Today's figures; deposits, withdrawals and bet profit carry the last seven days as a small chart (tap a day for its value). */
export function SummaryCards({ prefix, me }: { prefix: string; me: string }) {
  const api = useApi();
  const { t } = useLingui();
  const stats = useQuery(statisticsQueryOptions(api, prefix, me));
  const weekQuery = useQuery(weekTrendQueryOptions(api, prefix, me));
  const week = weekQuery.data?.weekTrend;
  const series = (pick: (r: { cashIn: number; cashOut: number; betBEP: number }) => number) => week?.map(pick) ?? [];
  const s = stats.data?.mainStatisticsInfo;
  const cards: { key: string; label: string; value: ReactNode; sub?: ReactNode; trend?: number[]; tone?: 'pos' | 'neg' }[] = [
    { key: 'in', label: t`입금`, value: <Money value={s?.dCashIn} />, sub: t`${formatNumber(s?.dCashInCnt)}건`, trend: series((r) => r.cashIn) },
    { key: 'out', label: t`출금`, value: <Money value={s?.dCashOut} />, sub: t`${formatNumber(s?.dCashOutCnt)}건`, trend: series((r) => r.cashOut) },
    { key: 'pay', label: t`지급`, value: <Money value={s?.dPayment} /> },
    { key: 'back', label: t`회수`, value: <Money value={s?.dPayback} /> },
    { key: 'join', label: t`신규회원`, value: formatNumber(s?.dJoinCnt) },
    {
      key: 'bep',
      label: t`베팅손익`,
      value: <Money value={s?.dBetBEP} />,
      trend: series((r) => r.betBEP),
      tone: (s?.dBetBEP ?? 0) > 0 ? 'pos' : (s?.dBetBEP ?? 0) < 0 ? 'neg' : undefined,
    },
  ];
  return (
    <div className={css.cards} data-testid="summary-cards">
      {cards.map((c) => (
        <section key={c.key} className={css.stat} data-testid={`stat-${c.key}`}>
          <h2 className={css.statLabel}>{c.label}</h2>
          <div className={css.statValue} data-tone={c.tone}>
            {c.value}
          </div>
          {c.sub && (
            <div className={css.statFoot}>
              <span>{c.sub}</span>
            </div>
          )}
          {/* an empty box until the week is in, so the card keeps its height (no layout shift) */}
          {c.trend && (
            <Chart
              small
              height={64}
              title={t`최근 7일 ${c.label}`}
              labels={week && c.trend.length ? week.map((w) => w.day.slice(5)) : []}
              series={[{ label: c.label, color: c.tone === 'neg' ? 'var(--negative)' : 'var(--brand)', values: c.trend }]}
              pending={weekQuery.isPending}
              testId={c.trend.length ? `trend-${c.key}` : undefined}
            />
          )}
        </section>
      ))}
    </div>
  );
}
