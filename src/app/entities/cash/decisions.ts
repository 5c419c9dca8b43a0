import type { QueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { cashCalls } from '../../../contract/cash';
import type { ResOf } from '../../../contract/define';

type Row = ResOf<typeof cashCalls.list>['list'][number];
const isOpen = (r: Row) => r.cashStatus === 0 || r.cashStatus === 2;

// the amount's formatting is fetched when a decision is first told, not with the first screen
async function decidedText(r: Row): Promise<string | null> {
  const amount = (await import('./moneyText')).moneyText(r.cashAmt);
  if (r.cashStatus === 1) return r.cashType === 1 ? t`입금 ${amount}이 완료됐어요` : t`출금 ${amount}이 완료됐어요`;
  if (r.refused) return r.cashType === 1 ? t`입금 ${amount} 신청이 거절됐어요` : t`출금 ${amount} 신청이 거절됐어요`;
  return null;
}

/**
 * Says when a request this device saw open is decided (approved or refused by the operator; the
 * member's own cancel says nothing): it watches the own requests lists, whether restored from the
 * device or read (the live CASH event reads them at once). Returns the unsubscribe.
 */
export function watchDecisions(client: QueryClient, say: (text: string) => void): () => void {
  const seenOpen = new Set<number>();
  return client.getQueryCache().subscribe((e) => {
    if (e.type !== 'added' && e.type !== 'updated') return;
    const key = e.query.queryKey;
    if (key[0] !== 'site' || key[4] !== 'cash' || key[5] !== 'requests') return;
    for (const r of (e.query.state.data as { list?: Row[] } | undefined)?.list ?? []) {
      if (isOpen(r)) seenOpen.add(r.cashIdx);
      else if (seenOpen.delete(r.cashIdx)) {
        void decidedText(r).then((text) => text && say(text));
      }
    }
  });
}
