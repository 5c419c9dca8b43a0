import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { Trans } from '@lingui/react/macro';
import { session } from '../../lib/session/store';
import { formatNumber } from '../../lib/format';
import { Card } from '../../ui/Card';
import { DashboardNotices } from '../../ui/DashboardNotices';
import { Money } from '../../ui/Money';
import { levelName } from './levels';
import { memberInfoQueryOptions } from './queries';
import css from './PartnerMain.module.css';

/** Partner dashboard: what the server offers so far (own member info); balances stay live from the session. */
export function PartnerMain() {
  const { prefix } = useParams({ from: '/$prefix' });
  const { member } = useSnapshot(session);
  const info = useQuery(memberInfoQueryOptions(prefix, member?.memId ?? ''));
  const me = info.data?.member ?? member;
  const msg = info.data?.msgInfo;
  return (
    <div className={css.page} data-testid="partner-main">
      <h1 className={css.title}><Trans>대시보드</Trans></h1>
      <div className={css.cards}>
        <Card title={<Trans>보유머니</Trans>}><div className={css.amount}><Money value={member?.cashAmt} /></div></Card>
        <Card title={<Trans>보유롤링</Trans>}><div className={css.amount}><Money value={member?.pointAmt} /></div></Card>
        <Card title={<Trans>등급</Trans>}><div className={css.amount}>{me ? levelName(me.partnerLevel) : '-'}</div></Card>
        <Card title={<Trans>새 쪽지</Trans>}><div className={css.amount}>{formatNumber(msg?.newMsg ?? 0)}</div></Card>
      </div>
      <DashboardNotices />
      <Card title={<Trans>계정</Trans>}>
        <p className={css.note}>{me?.memId} · {me?.memNick}</p>
      </Card>
    </div>
  );
}
