import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Card } from '../../ui/Card';
import { ReceiptSheet, type Receipt } from '../../widgets/ReceiptSheet';
import { useCouponIssueForm } from './CouponIssueForm';
import { IssuedList } from './IssuedList';
import css from './Coupons.module.css';

/** The operator's coupons: the issue form (one member, a partner's downline or everyone) and every coupon of the site. */
export function AdminCoupons() {
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const form = useCouponIssueForm({ by: 'operator', formId: 'admin-coupon-form', onDone: setReceipt });
  return (
    <div className={css.page} data-testid="admin-coupons">
      <h1 className={css.title}>
        <Trans>쿠폰</Trans>
      </h1>
      <Card className={css.issueCard}>
        <h2 className={css.subtitle}>
          <Trans>쿠폰 발급</Trans>
        </h2>
        {form.fields}
        {form.button}
      </Card>
      <IssuedList by="operator" />
      <ReceiptSheet receipt={receipt} onClose={() => setReceipt(null)} />
    </div>
  );
}
