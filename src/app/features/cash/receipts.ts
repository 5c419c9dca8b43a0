import { t } from '@lingui/core/macro';
import { markFresh } from '../../entities/cash/freshRow';
import { session } from '../../lib/session/store';
import type { Receipt } from '../../widgets/ReceiptSheet';

/** A deposit (1) or withdrawal (-1) request the server took: its number is the reference. */
export function requestReceipt(cashType: 1 | -1, amount: number, cashIdx: number): Receipt {
  return {
    title: cashType === 1 ? t`입금 신청을 접수했어요` : t`출금 신청을 접수했어요`,
    amount,
    counterparty: cashType === 1 ? (session.site?.siteName ?? '') : t`내 등록 계좌`,
    at: Date.now(),
    reference: `#${cashIdx}`,
    // the screen's own request list holds the new row: it scrolls to it and marks it
    toHistory: () => markFresh('cashRequest', cashIdx),
  };
}
