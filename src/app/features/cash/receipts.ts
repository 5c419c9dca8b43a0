import { t } from '@lingui/core/macro';
import { session } from '../../lib/session/store';
import type { Receipt } from '../../widgets/ReceiptSheet';

/** The screen's own request list, where the new row sits at the top. */
const toRequestHistory = () => document.querySelector('[data-testid="request-history"]')?.scrollIntoView({ block: 'start' });

/** A deposit (1) or withdrawal (-1) request the server took: its number is the reference. */
export function requestReceipt(cashType: 1 | -1, amount: number, cashIdx: number): Receipt {
  return {
    title: cashType === 1 ? t`입금 신청을 접수했어요` : t`출금 신청을 접수했어요`,
    amount,
    counterparty: cashType === 1 ? (session.site?.siteName ?? '') : t`내 등록 계좌`,
    at: Date.now(),
    reference: `#${cashIdx}`,
    toHistory: toRequestHistory,
  };
}
