import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { BottomSheet } from '../../ui/BottomSheet';
import { ReceiptSheet, type Receipt } from '../../widgets/ReceiptSheet';
import { useCouponIssueForm } from './CouponIssueForm';

/**
 * A partner's coupon issue in the one bottom sheet, from its own cash: to one downline member or
 * a whole downline (`memId` fixes the receiver, as from a member's detail). Its receipt follows.
 */
export function CouponIssueSheet({ open, memId, onClose }: { open: boolean; memId?: string; onClose: () => void }) {
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  if (receipt) return <ReceiptSheet receipt={receipt} onClose={() => (setReceipt(null), onClose())} />;
  if (!open) return null;
  return <IssueSheet key={memId ?? ''} memId={memId} onDone={setReceipt} onClose={onClose} />;
}

function IssueSheet({ memId, onDone, onClose }: { memId?: string; onDone: (r: Receipt) => void; onClose: () => void }) {
  const { t } = useLingui();
  const form = useCouponIssueForm({ by: 'partner', memId, formId: 'partner-coupon-form', onDone });
  return (
    <BottomSheet open title={t`쿠폰 발급`} onClose={onClose} dirty={form.dirty} footer={form.button} data-testid="coupon-issue-sheet">
      {form.fields}
    </BottomSheet>
  );
}
