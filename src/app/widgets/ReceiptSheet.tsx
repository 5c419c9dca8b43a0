import { Trans } from '@lingui/react/macro';
import type { MoneyUnit } from '../lib/format';
import { formatKst } from '../lib/format';
import { BottomSheet } from '../ui/BottomSheet';
import { Button } from '../ui/Button';
import { Fact, Facts } from '../ui/Facts';
import { Money } from './Money';
import css from './ReceiptSheet.module.css';

/** What a finished money action confirms: what happened, how much, with whom, when, and its reference. */
export interface Receipt {
  title: string;
  /** what was done, in words (the history's name for it, e.g. 보유금 지급) */
  kind?: string;
  /** a request the server took (접수): nothing moved yet */
  received?: boolean;
  amount: number;
  unit?: MoneyUnit;
  counterparty: string;
  /** epoch ms of the server's record (unknown: null) */
  at: number | null;
  /** the server's number for the record; none where the answer carries none (a request id is no word for a person) */
  reference?: string;
  /** shows the action's row in its history */
  toHistory?: () => void;
}

/** The one completion view after a money action: a check, the amount, the counterparty, the time and the reference. */
export function ReceiptSheet({ receipt, onClose }: { receipt: Receipt | null; onClose: () => void }) {
  if (!receipt) return null;
  const history = receipt.toHistory;
  return (
    <BottomSheet
      open
      title={receipt.received ? <Trans>접수</Trans> : <Trans>완료</Trans>}
      onClose={onClose}
      data-testid="receipt"
      footer={
        <div className={css.actions}>
          {history && (
            <Button block onClick={() => (onClose(), history())} data-testid="receipt-history">
              <Trans>내역 보기</Trans>
            </Button>
          )}
          <Button variant="primary" block onClick={onClose} data-testid="receipt-ok">
            <Trans>확인</Trans>
          </Button>
        </div>
      }
    >
      <div className={css.head}>
        <svg className={css.check} viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" />
          <path d="M14 25l7 7 13-15" />
        </svg>
        <p className={css.title} data-testid="receipt-title">
          {receipt.title}
        </p>
        <strong className={css.amount} data-testid="receipt-amount">
          <Money value={receipt.amount} unit={receipt.unit} />
        </strong>
      </div>
      <Facts boxed className={css.facts}>
        {receipt.kind && (
          <Fact label={<Trans>구분</Trans>} data-testid="receipt-kind">
            {receipt.kind}
          </Fact>
        )}
        <Fact label={<Trans>상대</Trans>} data-testid="receipt-counterparty">
          {receipt.counterparty}
        </Fact>
        <Fact label={<Trans>시간</Trans>} data-testid="receipt-time">
          {receipt.at === null ? '-' : formatKst(receipt.at, 'yyyy-MM-dd HH:mm:ss')}
        </Fact>
        {receipt.reference && (
          <Fact label={<Trans>참조번호</Trans>} data-testid="receipt-reference">
            {receipt.reference}
          </Fact>
        )}
      </Facts>
    </BottomSheet>
  );
}
