import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { requestStatusName } from '../../entities/cash/codeNames';
import { confirm } from '../../lib/dialogs';
import { useCancelCashRequest } from '../../entities/cash/writes';
import { Button } from '../../ui/Button';
import { Money } from '../../widgets/Money';
import { cashRequestsQueryOptions } from '../../entities/cash/queries';
import { useCaller } from '../../lib/caller';
import css from './Cash.module.css';
import { useApi } from '../../lib/useApi';

export type CashRow = { cashIdx: number; regDate: string; updDate: string; cashAmt: number; cashStatus: number };

/** The member's request still open (applied 0 or waiting 2), newest first; the form waits while there is one. */
export function useOpenRequest(cashType: 1 | -1) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const q = useQuery(cashRequestsQueryOptions(api, prefix, caller.memId, cashType, 1));
  const open = q.data?.list.find((r) => r.cashStatus === 0 || r.cashStatus === 2) ?? null;
  // never read (offline since sign-in, or refused): whether a request is open is not known
  return { open, loading: q.isPending, unknown: q.data === undefined && q.isError };
}

/** An applied request can still be cancelled by its member; a waiting one is the operator's. */
export function useCancelRequest() {
  const { t } = useLingui();
  const write = useCancelCashRequest();
  const cancel = async (row: CashRow) => {
    if (await confirm(t`신청을 취소하시겠습니까?`)) await write.submit(row);
  };
  return { cancel, busy: write.busy };
}

/** The open request at the top of its screen: amount, time, status, and cancel while the spec allows it. */
export function OpenRequestCard({ row, cashType }: { row: CashRow; cashType: 1 | -1 }) {
  const { cancel, busy } = useCancelRequest();
  return (
    <section className={css.status} role="status" data-testid="open-request" data-status={row.cashStatus}>
      <div className={css.statusHead}>
        <span className={css.statusTitle}>{cashType === 1 ? <Trans>처리 중인 입금 신청</Trans> : <Trans>처리 중인 출금 신청</Trans>}</span>
        <span className={css.statusBadge}>{requestStatusName(row.cashStatus)}</span>
      </div>
      <strong className={css.statusAmount}>
        <Money value={row.cashAmt} />
      </strong>
      <span className={css.statusMeta}>
        <Trans>{row.regDate} 신청</Trans>
      </span>
      <p className={css.statusNote}>
        {row.cashStatus === 0 ? (
          <Trans>처리가 끝나거나 취소하면 새로 신청할 수 있습니다.</Trans>
        ) : (
          <Trans>관리자가 확인하고 있습니다. 처리가 끝나면 새로 신청할 수 있습니다.</Trans>
        )}
      </p>
      {row.cashStatus === 0 && (
        <Button block disabled={busy} onClick={() => void cancel(row)} data-testid="open-request-cancel">
          <Trans>신청 취소</Trans>
        </Button>
      )}
    </section>
  );
}
