import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { CouponIssueSheet } from './CouponIssueSheet';
import { IssuedList } from './IssuedList';
import css from './Coupons.module.css';

/** A partner's coupons: issue to its downline from its own cash, and the coupons it issued. */
export function PartnerCoupons() {
  const [open, setOpen] = useState(false);
  return (
    <div className={css.page} data-testid="partner-coupons">
      <div className={css.head}>
        <h1 className={css.title}>
          <Trans>쿠폰</Trans>
        </h1>
        <Button variant="primary" onClick={() => setOpen(true)} data-testid="open-coupon-issue">
          <Trans>쿠폰 발급</Trans>
        </Button>
      </div>
      <IssuedList by="partner" />
      <CouponIssueSheet open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
