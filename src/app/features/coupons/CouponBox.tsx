import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { type CouponStatus } from '../../../contract/coupon';
import { useCaller } from '../../lib/caller';
import { moneyText } from '../../entities/cash/moneyText';
import { applyBalance } from '../../lib/session/userCash';
import { session } from '../../lib/session/store';
import { useRedeemCoupon } from '../../entities/coupon/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Empty } from '../../ui/Empty';
import { Pager } from '../../ui/Pager';
import { Tabs } from '../../ui/Tabs';
import { Money } from '../../widgets/Money';
import { FormClosed, offlineReason } from '../../widgets/FormClosed';
import { useSnapshot } from 'valtio';
import { couponBoxQueryOptions } from '../../entities/coupon/queries';
import css from './Coupons.module.css';
import { useApi } from '../../lib/useApi';

type Used = { couponAmt: number; useDate: string };

/** The coupon box (쿠폰함): open, used and expired coupons; an open one is redeemed after a confirm, with a receipt. */
export function CouponBox() {
  const api = useApi();
  const { t } = useLingui();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const [status, setStatus] = useState<CouponStatus>('open');
  const [page, setPage] = useState(1);
  const [done, setDone] = useState<Used | null>(null);
  const { online } = useSnapshot(session);
  const closed = online ? null : offlineReason('coupon');
  const q = useQuery(couponBoxQueryOptions(api, prefix, caller.memId, status, page));
  // opening the box has seen what arrived
  useEffect(() => void (session.newCoupons = 0), [q.data?.openCnt]);

  const use = useRedeemCoupon({
    say: 'alert',
    confirm: (idx) => {
      const c = q.data?.list.find((x) => x.couponIdx === idx);
      const shown = moneyText(c?.couponAmt ?? 0, 'cash');
      return t`${shown} 쿠폰을 사용하시겠습니까? 보유머니에 바로 더해집니다.`;
    },
    onDone: (r) => {
      applyBalance(r.cashAmt, r.pointAmt);
      setDone({ couponAmt: r.couponAmt, useDate: r.useDate });
    },
  });

  const tabs = [
    { key: 'open' as const, label: q.data && status === 'open' && q.data.openCnt > 0 ? t`사용 가능 ${q.data.openCnt}` : t`사용 가능` },
    { key: 'used' as const, label: t`사용 완료` },
    { key: 'expired' as const, label: t`기간 만료` },
  ];
  const list = q.data?.list ?? [];
  return (
    <div className={css.page} data-testid="coupon-box">
      <h1 className={css.title}>
        <Trans>쿠폰함</Trans>
      </h1>
      {done && (
        <Card className={css.receipt} data-testid="coupon-receipt" role="status">
          <Trans>쿠폰을 사용했습니다</Trans>
          <strong>
            <Money value={done.couponAmt} />
          </strong>
          <span>{done.useDate}</span>
          <Button onClick={() => setDone(null)}>
            <Trans>확인</Trans>
          </Button>
        </Card>
      )}
      <FormClosed reason={closed} />
      <div className={css.tabs}>
        <Tabs tabs={tabs} value={status} onChange={(k) => (setStatus(k), setPage(1))} />
      </div>
      {q.isPending ? (
        <Empty>
          <Trans>불러오는 중…</Trans>
        </Empty>
      ) : q.isError && !q.data ? (
        <Empty>
          <Trans>쿠폰을 불러오지 못했습니다. 다시 시도해 주세요.</Trans>
        </Empty>
      ) : list.length === 0 ? (
        <Empty>
          {status === 'open' ? <Trans>사용할 수 있는 쿠폰이 없습니다.</Trans> : status === 'used' ? <Trans>사용한 쿠폰이 없습니다.</Trans> : <Trans>만료된 쿠폰이 없습니다.</Trans>}
        </Empty>
      ) : (
        <ul className={css.list} data-money-form>
          {list.map((c) => (
            <li key={c.couponIdx} className={c.status === 'open' ? css.coupon : `${css.coupon} ${css.closed}`} data-testid="coupon">
              <div>
                <div className={css.amount}>
                  <Money value={c.couponAmt} />
                </div>
                <div className={css.meta}>
                  {c.memo && <span>{c.memo}</span>}
                  {c.status === 'open' ? (
                    <span>
                      <Trans>{c.expireDate.slice(0, 16)}까지</Trans>
                    </span>
                  ) : c.status === 'used' ? (
                    <span>
                      <Trans>{(c.closeDate ?? '').slice(0, 16)} 사용</Trans>
                    </span>
                  ) : (
                    <span>
                      <Trans>{c.expireDate.slice(0, 16)} 만료</Trans>
                    </span>
                  )}
                </div>
              </div>
              {c.status === 'open' && (
                <Button variant="primary" className={css.use} disabled={!!closed} onClick={() => void use.submit(c.couponIdx)} data-testid="coupon-use">
                  <Trans>사용</Trans>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {q.data && q.data.pageInfo.tatal_list_count > q.data.pageInfo.count_per_list && <Pager info={q.data.pageInfo} onPage={setPage} />}
    </div>
  );
}
