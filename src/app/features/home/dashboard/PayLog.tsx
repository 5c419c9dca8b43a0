import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card } from '../../../ui/Card';
import { DataList, type Column } from '../../../ui/DataList';
import { Money } from '../../../widgets/Money';
import { newPayLogQueryOptions } from '../../../entities/report/dashboardQueries';
import css from './Dashboard.module.css';
import { useApi } from '../../../lib/useApi';

type Pay = { memId: string; memNick: string; cashAmt: number; updDate: string };

/** The partner's ten latest gives and retrieves: rank, nickname, amount, time. */
export function PayLog({ prefix, me }: { prefix: string; me: string }) {
  const api = useApi();
  const { t } = useLingui();
  const log = useQuery(newPayLogQueryOptions(api, prefix, me)).data?.mainNewPayLog;
  const columns = (tone: 'neg' | 'pos'): Column<Pay & { rank: number }>[] => [
    { key: 'rank', label: t`순위`, render: (r) => r.rank },
    { key: 'nick', label: t`닉네임`, render: (r) => r.memNick },
    {
      key: 'amt',
      label: t`금액`,
      numeric: true,
      render: (r) => (
        <span data-tone={tone} className={css.toned}>
          <Money value={r.cashAmt} />
        </span>
      ),
    },
    { key: 'time', label: t`시간`, render: (r) => r.updDate.slice(5, 16) },
  ];
  const card = (tone: 'neg' | 'pos') => (r: Pay & { rank: number }) => (
    <div className={css.payRow}>
      <span className={css.rank}>{r.rank}</span>
      <span className={css.payWho}>
        {r.memNick}
        <small>{r.updDate.slice(5, 16)}</small>
      </span>
      <span data-tone={tone} className={css.toned}>
        <Money value={r.cashAmt} />
      </span>
    </div>
  );
  const ranked = (l: Pay[] | undefined) => (l ?? []).map((r, i) => ({ ...r, rank: i + 1 }));
  return (
    <div className={css.columns2}>
      <Card title={<Trans>최근 지급</Trans>} data-testid="recent-pay">
        <DataList rows={ranked(log?.newPaymentList)} columns={columns('neg')} card={card('neg')} rowKey={(r) => `${r.rank}`} />
      </Card>
      <Card title={<Trans>최근 회수</Trans>} data-testid="recent-payback">
        <DataList rows={ranked(log?.newPaybackList)} columns={columns('pos')} card={card('pos')} rowKey={(r) => `${r.rank}`} />
      </Card>
    </div>
  );
}
