import { useDeferredValue } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format';
import { DashboardNotices } from '../../entities/board/DashboardNotices';
import { Money } from '../../widgets/Money';
import { cashReportQueryOptions, myCashReportQueryOptions, statisticsQueryOptions, todayRange, topInfoQueryOptions } from '../../entities/report/dashboardQueries';
import { CashReport, MyCashReport } from './dashboard/Reports';
import { PayLog } from './dashboard/PayLog';
import { SummaryCards } from './dashboard/SummaryCards';
import { useCaller } from '../../lib/caller';
import { SignupLinkCard } from '../../widgets/SignupLinkCard';
import css from './dashboard/Dashboard.module.css';
import { useApi } from '../../lib/useApi';

/** Partner dashboard (seed 001): today's cards, money in/out, own money movement, notices, recent gives and retrieves. */
export function PartnerMain() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { memId: me, loginType } = useCaller();
  const today = todayRange();
  const top = useQuery(topInfoQueryOptions(api, prefix, me)).data?.mainTopInfo;
  // the seed shows the dashboard once these three have answered
  const ready = [
    useQuery(statisticsQueryOptions(api, prefix, me)),
    useQuery(cashReportQueryOptions(api, prefix, me, today)),
    useQuery(myCashReportQueryOptions(api, prefix, me, today)),
  ].every((q) => q.data || q.isError);
  // today's cards paint with the top figures; the reports and lists below the fold follow in a
  // transition the browser can paint and take input between, even when everything is in at once
  const later = useDeferredValue(ready, false);

  return (
    // kept as last seen once every section is in (lib/lastPaint.ts): the next start paints it at once
    <div className={css.page} data-testid="partner-main" data-last-paint={later ? 'ready' : 'wait'}>
      <h1 className={css.title}>
        <Trans>대시보드</Trans>
      </h1>
      <dl className={css.top} data-testid="top-info">
        <div>
          <dt>
            <Trans>하위 회원</Trans>
          </dt>
          <dd>{formatNumber(top?.userCnt)}</dd>
        </div>
        <div>
          <dt>
            <Trans>하위 보유머니</Trans>
          </dt>
          <dd>
            <Money value={top?.totalCashAmt} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>하위 보유포인트</Trans>
          </dt>
          <dd>
            <Money value={top?.totalPointAmt} unit="point" />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>카지노/슬롯 요율</Trans>
          </dt>
          <dd>{top ? `${top.casinoRate}% / ${top.slotRate}%` : '-'}</dd>
        </div>
      </dl>
      {ready ? <SummaryCards prefix={prefix} me={me} /> : <p className={css.loading}>…</p>}
      {later ? (
        <>
          <div className={`${css.columns2} ${css.later}`}>
            <CashReport prefix={prefix} me={me} />
            <MyCashReport prefix={prefix} me={me} />
          </div>
          <div className={css.later}>
            <DashboardNotices />
          </div>
          <div className={css.later}>
            <PayLog prefix={prefix} me={me} />
          </div>
          {/* only partner accounts recommend (the signup rule) */}
          {loginType === 'PARTNER' && (
            <div className={css.later}>
              <SignupLinkCard prefix={prefix} memId={me} />
            </div>
          )}
        </>
      ) : (
        // holds the footer below the screen until the sections come, so their arrival moves nothing in view
        ready && <div className={css.loading} aria-hidden />
      )}
    </div>
  );
}
