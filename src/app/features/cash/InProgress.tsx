import { Link, useParams } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { requestStatusName } from '../../entities/cash/codeNames';
import { Money } from '../../widgets/Money';
import { useOpenRequest, type CashRow } from './OpenRequest';
import css from './Cash.module.css';

/** The home screen's transfers in progress: the open deposit and withdrawal requests, each a tap from its screen. */
export function InProgress() {
  const deposit = useOpenRequest(1).open;
  const withdrawal = useOpenRequest(-1).open;
  if (!deposit && !withdrawal) return null;
  return (
    <section className={css.inProgress} data-testid="in-progress">
      {deposit && <Row row={deposit} cashType={1} />}
      {withdrawal && <Row row={withdrawal} cashType={-1} />}
    </section>
  );
}

function Row({ row, cashType }: { row: CashRow; cashType: 1 | -1 }) {
  const { prefix } = useParams({ from: '/$prefix' });
  return (
    <Link to={cashType === 1 ? '/$prefix/charge' : '/$prefix/exchange'} params={{ prefix }} className={`${css.status} ${css.progressRow}`} data-testid="in-progress-row">
      <span className={css.statusHead}>
        <span className={css.statusTitle}>{cashType === 1 ? <Trans>입금 신청 처리 중</Trans> : <Trans>출금 신청 처리 중</Trans>}</span>
        <span className={css.statusBadge}>{requestStatusName(row.cashStatus)}</span>
      </span>
      <strong className={css.statusAmount}>
        <Money value={row.cashAmt} />
      </strong>
      <span className={css.statusMeta}>
        <Trans>{row.regDate} 신청</Trans>
      </span>
    </Link>
  );
}
