import { t } from '@lingui/core/macro';
import { markFresh } from '../../entities/cash/freshRow';
import { cashRequestsQueryOptions } from '../../entities/cash/queries';
import { parseWire } from '../../lib/format';
import type { Clients } from '../../lib/routerContext';
import { session } from '../../lib/session/store';
import type { Receipt } from '../../widgets/ReceiptSheet';

/**
 * A deposit (1) or withdrawal (-1) request the server took: received, not done (money moves when
 * the operator approves). Its number is the reference and its time the record's, read back from
 * the server, never the device clock.
 */
export async function requestReceipt({ api, queryClient }: Clients, prefix: string, memId: string, cashType: 1 | -1, amount: number, cashIdx: number): Promise<Receipt> {
  const rows = await queryClient
    .fetchQuery({ ...cashRequestsQueryOptions(api, prefix, memId, cashType, 1), staleTime: 0 })
    .then((d) => d.list)
    .catch(() => []);
  const row = rows.find((r) => r.cashIdx === cashIdx);
  return {
    title: cashType === 1 ? t`입금 신청을 접수했어요` : t`출금 신청을 접수했어요`,
    received: true,
    amount,
    counterparty: cashType === 1 ? (session.site?.siteName ?? '') : t`내 등록 계좌`,
    at: row ? parseWire(row.regDate) : null,
    reference: `#${cashIdx}`,
    // the screen's own request list holds the new row: it scrolls to it and marks it
    toHistory: () => markFresh('cashRequest', cashIdx),
  };
}
