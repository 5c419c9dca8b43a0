import type { FormHTMLAttributes } from 'react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { useSnapshot } from 'valtio';
import { formatKst } from '../lib/format';
import { session } from '../lib/session/store';
import css from './FormClosed.module.css';

export type MoneyFormKind = 'deposit' | 'withdrawal' | 'points' | 'coupon' | 'give' | 'couponIssue';

/** Why a form that moves money cannot be sent offline (said before input, the form disabled). */
export function offlineReason(form: MoneyFormKind): string {
  switch (form) {
    case 'deposit':
      return t`오프라인에서는 입금 신청을 할 수 없어요. 연결되면 다시 열립니다.`;
    case 'withdrawal':
      return t`오프라인에서는 출금 신청을 할 수 없어요. 연결되면 다시 열립니다.`;
    case 'points':
      return t`오프라인에서는 포인트 전환을 할 수 없어요. 연결되면 다시 열립니다.`;
    case 'coupon':
      return t`오프라인에서는 쿠폰을 사용할 수 없어요. 연결되면 다시 열립니다.`;
    case 'give':
      return t`오프라인에서는 지급/회수를 할 수 없어요. 연결되면 다시 열립니다.`;
    case 'couponIssue':
      return t`오프라인에서는 쿠폰을 발급할 수 없어요. 연결되면 다시 열립니다.`;
  }
}

/**
 * The one form that moves money: marked for the every-screen check (`data-money-form`), its
 * reason for being closed at its top, and every control in it disabled while it is closed
 * (offline by default, or the screen's own `closed` reason). A new money form built on it is
 * closed offline without a line of its own.
 */
export function MoneyForm({ kind, closed, children, ...form }: { kind: MoneyFormKind; closed?: string | null } & FormHTMLAttributes<HTMLFormElement>) {
  const { online } = useSnapshot(session);
  const reason = closed ?? (online ? null : offlineReason(kind));
  return (
    <form {...form} data-money-form>
      <FormClosed reason={reason} />
      <fieldset className={css.fields} disabled={!!reason}>
        {children}
      </fieldset>
    </form>
  );
}

/**
 * A money form's reason for being closed, at its top, said before any input; offline, with the time
 * the balances on screen were last checked with the server.
 */
export function FormClosed({ reason }: { reason: string | null }) {
  const { online, syncedAt } = useSnapshot(session);
  if (!reason) return null;
  const checked = !online && syncedAt ? formatKst(syncedAt, 'MM-dd HH:mm') : null;
  return (
    <p className={css.notice} role="alert" data-testid="form-closed">
      {reason}
      {checked && (
        <span className={css.checked} data-testid="form-closed-checked">
          <Trans>마지막 확인 {checked}</Trans>
        </span>
      )}
    </p>
  );
}
