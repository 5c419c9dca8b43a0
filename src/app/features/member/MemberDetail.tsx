import { useState, type ComponentType } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { Money } from '../../widgets/Money';
import { RateTab } from '../../entities/rate/RateTab';
import { Tabs } from '../../ui/Tabs';
import type { DetailTab } from './detailTabs';
import { InfoTab } from './InfoTab';
import { ProtectionFacts } from '../../widgets/ProtectionFacts';
import { LoginTab, NotesTab } from './LogTabs';
import { BetsTab, CashTab, GamesTab, RollingTab } from './MoneyTabs';
import { detailInfoQueryOptions } from '../../entities/member/queries';
import { useCaller } from '../../lib/caller';
import css from './Detail.module.css';
import { useApi } from '../../lib/useApi';
import { useGiveRetrieve } from '../../widgets/useGiveRetrieve';

/** The coupon sheet the route hands in (the coupons feature's), so this feature does not import another. */
export type CouponSheet = ComponentType<{ open: boolean; memId: string; onClose: () => void }>;

/** Partner detail and member detail (query parameter id): header figures and the history tabs. */
export function MemberDetail({ kind, id, tab = 'info', CouponSheet }: { kind: 'partner' | 'user'; id: string; tab?: DetailTab; CouponSheet?: CouponSheet }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const navigate = useNavigate();
  const { memId: me } = useCaller();
  const q = useQuery(detailInfoQueryOptions(api, prefix, me, id));
  const info = q.data?.partnerInfo;
  const [coupon, setCoupon] = useState(false);
  const money = useGiveRetrieve();
  const setTab = (k: DetailTab) =>
    void navigate({
      to: kind === 'partner' ? '/$prefix/partnerDetail' : '/$prefix/userDetail',
      params: { prefix },
      search: { id, ...(k === 'info' ? {} : { tab: k }) },
      replace: true,
    });

  if (q.isError)
    return (
      <Empty>
        <Trans>회원 정보를 볼 수 없습니다.</Trans>
      </Empty>
    );
  const props = { prefix, me, memId: id };
  return (
    <div className={css.page} data-testid="member-detail">
      <h1 className={css.title}>{kind === 'partner' ? <Trans>파트너 상세</Trans> : <Trans>회원 상세</Trans>}</h1>
      <header className={css.head}>
        <div className={css.who}>
          <span className={css.badge}>{info?.partnerLevelName ?? '…'}</span>
          <strong data-testid="detail-id">{info?.memId ?? id}</strong>
          <span className={css.muted}>{info?.memNick}</span>
        </div>
        <dl className={css.balances}>
          <div>
            <dt>
              <Trans>보유머니</Trans>
            </dt>
            <dd data-testid="detail-cash">
              <Money value={info?.cashBalance} />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>롤링포인트</Trans>
            </dt>
            <dd>
              <Money value={info?.pointBalance} unit="point" />
            </dd>
          </div>
        </dl>
        <div className={css.headActions}>
          {/* a partner gives to and retrieves from its direct members only (the server says so too) */}
          {info && info.recommenderId === me && (
            <Button
              variant="primary"
              onClick={() => money.open({ memId: info.memId, memNick: info.memNick, cashAmt: info.cashBalance, pointAmt: info.pointBalance })}
              data-testid="detail-give"
            >
              <Trans>지급/회수</Trans>
            </Button>
          )}
          {CouponSheet && info && info.memId !== me && (
            <Button onClick={() => setCoupon(true)} data-testid="detail-coupon">
              <Trans>쿠폰 발급</Trans>
            </Button>
          )}
        </div>
      </header>
      {money.sheet}
      {CouponSheet && <CouponSheet open={coupon} memId={id} onClose={() => setCoupon(false)} />}
      <Tabs
        wrap
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'info', label: t`회원정보` },
          { key: 'rate', label: t`요율정보` },
          { key: 'login', label: t`최근접속` },
          { key: 'notes', label: t`쪽지` },
          { key: 'cash', label: t`머니변동` },
          { key: 'rolling', label: t`롤링변동` },
          { key: 'games', label: t`게임내역` },
          { key: 'bets', label: t`베팅내역` },
        ]}
      />
      <div className={css.panel} role="tabpanel">
        {tab === 'info' && info && <InfoTab key={info.memId} {...props} info={info} editable={info.memId !== me} />}
        {tab === 'info' && q.data?.protection && (
          <section className={css.protection}>
            <h2 className={css.subTitle}>
              <Trans>건전한 게임 이용 (회원 설정)</Trans>
            </h2>
            <ProtectionFacts p={q.data.protection} />
          </section>
        )}
        {tab === 'rate' && <RateTab {...props} editable={id !== me} />}
        {tab === 'login' && <LoginTab {...props} />}
        {tab === 'notes' && <NotesTab {...props} />}
        {tab === 'cash' && <CashTab {...props} />}
        {tab === 'rolling' && <RollingTab {...props} />}
        {tab === 'games' && <GamesTab {...props} />}
        {tab === 'bets' && <BetsTab {...props} />}
      </div>
    </div>
  );
}
