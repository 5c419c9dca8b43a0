import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import { adminCalls } from '../../../contract/admin';
import { cashWaiting } from '../../entities/cash/adminQueries';
import { formatNumber } from '../../lib/format';
import { useLedgerCheck } from '../../entities/cash/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Chart } from '../../widgets/Chart';
import { Money } from '../../widgets/Money';
import { SeenAt } from '../../widgets/SeenAt';
import { Signed } from '../../widgets/Signed';
import { Tabs } from '../../ui/Tabs';
import { dashboardQueryOptions } from '../../entities/cash/adminQueries';
import { useCaller } from '../../lib/caller';
import { FirstDay } from './FirstDay';
import { AuditBroken } from './AuditBroken';
import css from './AdminHome.module.css';
import { useApi } from '../../lib/useApi';

type Dash = ResOf<typeof adminCalls.dashboard>;
type Day = Dash['days'][number];
type Period = '1' | '7' | '30';
type FigureKey = 'deposits' | 'withdrawals' | 'net' | 'bets' | 'wins' | 'ggr' | 'rolling' | 'newMembers';
type HourKey = Exclude<FigureKey, 'rolling'>;

/** The hour of now in Korea time (the server's day buckets are KST). */
function currentHour() {
  return Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Seoul' }).format(new Date()));
}

/** The operator's index: what waits (kept live), today by hour and the last 7/30 days by day, ledger health. */
export function AdminHome() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { memId: me } = useCaller();
  const { t } = useLingui();
  const q = useQuery(dashboardQueryOptions(api, prefix, me));
  const [period, setPeriod] = useState<Period>('1');
  const d = q.data;
  const cash = d && cashWaiting(d.pending);

  const ledgerCheck = useLedgerCheck(prefix, me);

  const figures: { key: FigureKey; label: string; color: string; signed?: boolean; count?: boolean }[] = [
    { key: 'deposits', label: t`입금`, color: 'var(--positive)' },
    { key: 'withdrawals', label: t`출금`, color: 'var(--negative)' },
    { key: 'net', label: t`입출금 차액`, color: 'var(--brand)', signed: true },
    { key: 'bets', label: t`베팅`, color: 'var(--brand)' },
    { key: 'wins', label: t`당첨`, color: 'var(--accent)' },
    { key: 'ggr', label: t`베팅 손익 (베팅-당첨)`, color: 'var(--brand)', signed: true },
    { key: 'rolling', label: t`롤링 지급`, color: 'var(--accent)' },
    { key: 'newMembers', label: t`신규 회원`, color: 'var(--ok)', count: true },
  ];
  const span = Number(period);
  const inPeriod: Day[] = d ? d.days.slice(-span) : [];
  const total = (k: FigureKey) => inPeriod.reduce((a, x) => a + x[k], 0);
  // today by hour up to now; a period by day
  const hours = d ? d.hours.slice(0, currentHour() + 1) : [];
  const chartOf = (k: FigureKey) =>
    period === '1'
      ? k === 'rolling'
        ? null
        : { labels: hours.map((h) => t`${h.hour}시`), values: hours.map((h) => h[k as HourKey]) }
      : { labels: inPeriod.map((x) => x.day.slice(5)), values: inPeriod.map((x) => x[k]) };

  return (
    <div className={css.page} data-testid="admin-home">
      <h1 className={css.title}>
        <Trans>운영자 홈</Trans>
      </h1>
      <AuditBroken prefix={prefix} broken={d?.auditBroken} />
      <FirstDay prefix={prefix} me={me} />
      {(d?.loginAttack.failures ?? 0) > 0 && (
        <p className={css.attack} role="alert" data-testid="login-attack">
          <Trans>
            최근 {d!.loginAttack.minutes}분 동안 운영자 계정에 잘못된 비밀번호 {formatNumber(d!.loginAttack.failures)}회 (접속 주소 {formatNumber(d!.loginAttack.addresses)}곳). 이
            기기에서는 계속 로그인할 수 있습니다.
          </Trans>
        </p>
      )}

      <section aria-labelledby="pending-title" className={css.section}>
        <h2 id="pending-title" className={css.heading}>
          <Trans>처리할 일</Trans>
        </h2>
        <div className={css.tiles}>
          <Link to="/$prefix/admin/cash" params={{ prefix }} className={css.tile} data-hot={(cash?.total ?? 0) > 0 || undefined} data-testid="tile-cash">
            <span className={css.tileLabel}>
              <Trans>입출금 신청</Trans>
            </span>
            <strong className={css.tileValue} data-testid="pending-cash">
              {formatNumber(cash?.total)}
            </strong>
            <span className={css.tileSub} data-testid="pending-cash-split">
              <Trans>
                입금 {formatNumber(cash?.deposits)} · 출금 {formatNumber(cash?.withdrawals)}
              </Trans>
            </span>
          </Link>
          <Link
            to="/$prefix/admin/inquiries"
            params={{ prefix }}
            search={{ status: 'WAIT' }}
            className={css.tile}
            data-hot={(d?.pending.qna ?? 0) > 0 || undefined}
            data-testid="tile-qna"
          >
            <span className={css.tileLabel}>
              <Trans>미답변 문의</Trans>
            </span>
            <strong className={css.tileValue} data-testid="pending-qna">
              {formatNumber(d?.pending.qna)}
            </strong>
            <span className={css.tileSub}>
              <Trans>1:1 문의</Trans>
            </span>
          </Link>
          <Link
            to="/$prefix/admin/partnerRequests"
            params={{ prefix }}
            className={css.tile}
            data-hot={(d?.pending.partnerRequests ?? 0) > 0 || undefined}
            data-testid="tile-partners"
          >
            <span className={css.tileLabel}>
              <Trans>파트너 신청</Trans>
            </span>
            <strong className={css.tileValue} data-testid="pending-partners">
              {formatNumber(d?.pending.partnerRequests)}
            </strong>
            <span className={css.tileSub}>
              <Trans>승인 대기</Trans>
            </span>
          </Link>
        </div>
      </section>

      <section aria-labelledby="figures-title" className={css.section}>
        <div className={css.headRow}>
          <h2 id="figures-title" className={css.heading}>
            <Trans>매출 현황</Trans>
          </h2>
          <span className={css.online} data-testid="online-now">
            <Trans>접속 중 회원 {formatNumber(d?.today.online)}명</Trans>
          </span>
        </div>
        <Tabs<Period>
          tabs={[
            { key: '1', label: t`오늘` },
            { key: '7', label: t`7일` },
            { key: '30', label: t`30일` },
          ]}
          value={period}
          onChange={setPeriod}
        />
        <SeenAt query={q} />
        {d && (
          <div className={css.figures}>
            {figures.map((f) => {
              const v = total(f.key);
              const chart = chartOf(f.key);
              return (
                <Card key={f.key} className={css.figure} data-testid={`figure-${f.key}`}>
                  <div className={css.figureHead}>
                    <h3 className={css.figureLabel}>{f.label}</h3>
                    <span className={css.figureValue}>{f.count ? formatNumber(v) : f.signed ? <Signed value={v} /> : <Money value={v} />}</span>
                  </div>
                  {chart && (
                    <Chart
                      small
                      height={88}
                      money={!f.count}
                      title={period === '1' ? t`시간별 ${f.label}` : t`일별 ${f.label}`}
                      labels={chart.labels}
                      series={[{ label: f.label, color: f.color, values: chart.values }]}
                    />
                  )}
                </Card>
              );
            })}
          </div>
        )}
      </section>

      <Card title={t`원장 점검`} data-testid="ledger-card">
        <div className={css.ledger}>
          <div role="status" data-testid="ledger-status">
            {!d ? null : !d.ledger ? (
              <span className={css.muted}>
                <Trans>아직 점검 기록이 없습니다.</Trans>
              </span>
            ) : d.ledger.ok ? (
              <span className={css.ok}>
                <Trans>정상</Trans>
              </span>
            ) : (
              <span className={css.bad}>
                <Trans>문제 발견</Trans>
              </span>
            )}
            {d?.ledger && <span className={css.muted}> · {d.ledger.checkedAt}</span>}
          </div>
          <div className={css.ledgerActs}>
            <Button variant="primary" disabled={ledgerCheck.busy} onClick={() => void ledgerCheck.submit()} data-testid="ledger-run">
              <Trans>지금 점검</Trans>
            </Button>
            <Link to="/$prefix/admin/ledger" params={{ prefix }} className={css.more}>
              <Trans>자세히</Trans>
            </Link>
          </div>
        </div>
      </Card>
    </div>
  );
}
