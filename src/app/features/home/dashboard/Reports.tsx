import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { lastDays, type DayRange } from '../../../lib/dayRange';
import { Card } from '../../../ui/Card';
import { DateRangeFilter, rangeSummary } from '../../../ui/DateRangeFilter';
import { FilterBar } from '../../../ui/FilterBar';
import { Money } from '../../../widgets/Money';
import { cashReportQueryOptions, myCashReportQueryOptions } from '../../../entities/report/dashboardQueries';
import css from './Dashboard.module.css';
import { useApi } from '../../../lib/useApi';
import type { MoneyUnit } from '../../../lib/format';

type Line = [label: string, value: number | undefined, total?: boolean, unit?: MoneyUnit];

function Figures({ lines }: { lines: Line[] }) {
  return (
    <dl className={css.figures}>
      {lines.map(([label, value, total, unit]) => (
        <div key={label} data-total={total || undefined}>
          <dt>{label}</dt>
          <dd>
            <Money value={value} unit={unit} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Report({ title, range, onRange, children, testId }: { title: ReactNode; range: DayRange; onRange: (r: DayRange) => void; children: ReactNode; testId: string }) {
  const { t } = useLingui();
  const today = lastDays(0);
  return (
    <Card title={title} data-testid={testId}>
      {/* on phones a chip saying the window; its date fields open in a sheet, so the dashboard does not build four date pickers as it loads */}
      <div className={css.filter}>
        <FilterBar title={t`기간`} summary={[range.start === today.start && range.end === today.end ? t`오늘` : rangeSummary(range)]}>
          <DateRangeFilter value={range} onChange={onRange} />
        </FilterBar>
      </div>
      {children}
    </Card>
  );
}

/** The downline's money in and out over its own window (default today). */
export function CashReport({ prefix, me }: { prefix: string; me: string }) {
  const api = useApi();
  const { t } = useLingui();
  const [range, setRange] = useState<DayRange>(() => lastDays(0));
  const r = useQuery(cashReportQueryOptions(api, prefix, me, range)).data?.cashReport;
  return (
    <Report title={<Trans>입출금 현황</Trans>} range={range} onRange={setRange} testId="cash-report">
      <div className={css.columns}>
        <Figures
          lines={[
            [t`입금`, r?.cashIn],
            [t`지급`, r?.payment],
            [t`입금+지급`, r?.inPaymentSum, true],
          ]}
        />
        <Figures
          lines={[
            [t`출금`, r?.cashOut],
            [t`회수`, r?.payback],
            [t`출금+회수`, r?.outPaybackSum, true],
          ]}
        />
        <Figures
          lines={[
            [t`베팅`, r?.betAmt],
            [t`당첨`, r?.winAmt],
            [t`베팅손익`, r?.betBEP, true],
          ]}
        />
        <Figures
          lines={[
            [t`회원 보유머니`, r?.normalCashAmt],
            [t`파트너 보유머니`, r?.partnerCashAmt],
            [t`보유 포인트`, r?.totalPointAmt, false, 'point'],
            [t`쿠폰`, r?.couponCash],
          ]}
        />
      </div>
    </Report>
  );
}

/** The partner's own money movements by kind over its own window (default today). */
export function MyCashReport({ prefix, me }: { prefix: string; me: string }) {
  const api = useApi();
  const { t } = useLingui();
  const [range, setRange] = useState<DayRange>(() => lastDays(0));
  const r = useQuery(myCashReportQueryOptions(api, prefix, me, range)).data?.myCashReport;
  return (
    <Report title={<Trans>내 머니 변동</Trans>} range={range} onRange={setRange} testId="my-cash-report">
      <div className={css.columns}>
        <Figures
          lines={[
            [t`입금`, r?.cashIn],
            [t`관리자 지급`, r?.adminPayment],
            [t`상위 지급`, r?.upperPayment],
            [t`하위 회수`, r?.myPayback],
            [t`포인트 전환`, r?.changePoint],
            [t`쿠폰`, r?.couponCash],
            [t`증가 합계`, r?.increaseTotal, true],
          ]}
        />
        <Figures
          lines={[
            [t`출금`, r?.cashOut],
            [t`관리자 회수`, r?.adminPayback],
            [t`상위 회수`, r?.upperPayback],
            [t`하위 지급`, r?.myPayment],
            [t`감소 합계`, r?.decreaseTotal, true],
          ]}
        />
      </div>
    </Report>
  );
}
