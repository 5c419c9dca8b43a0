import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { requestStatusName } from '../../entities/cash/codeNames';
import { useFresh } from '../../entities/cash/freshRow';
import { session } from '../../lib/session/store';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { Loaded } from '../../widgets/Loaded';
import { useCancelRequest, type CashRow as Row } from './OpenRequest';
import { cashRequestsQueryOptions } from '../../entities/cash/queries';
import { useCaller } from '../../lib/caller';
import css from './Cash.module.css';
import { useApi } from '../../lib/useApi';

/** Own deposit or withdrawal requests; an applied one can still be cancelled. */
export function RequestHistory({ cashType }: { cashType: 1 | -1 }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { member } = useSnapshot(session);
  const caller = useCaller();
  const { t } = useLingui();
  const cancel = useCancelRequest();
  const [page, setPage] = useState(1);
  const fresh = useFresh('cashRequest');
  const query = useQuery(cashRequestsQueryOptions(api, prefix, caller.memId, cashType, page));
  useRefetchOnBalance(member?.cashAmt, query.refetch);

  const processed = (r: Row) => (r.cashStatus === 1 || r.cashStatus === -1 ? r.updDate : '-');
  const columns: Column<Row>[] = [
    { key: 'reg', label: t`신청일시`, render: (r) => r.regDate },
    { key: 'amt', label: cashType === 1 ? t`처리금액` : t`출금금액`, numeric: true, render: (r) => <Money value={r.cashAmt} /> },
    ...(cashType === 1 ? [{ key: 'bonus', label: t`보너스`, numeric: true, render: () => <Money value={0} /> }] : []),
    { key: 'upd', label: t`처리일시`, render: processed },
    {
      key: 'status',
      label: t`상태`,
      render: (r) => (
        <span className={css.row} style={{ justifyContent: 'flex-end' }}>
          <span data-testid="request-status">{requestStatusName(r.cashStatus)}</span>
          {r.cashStatus === 0 && (
            <Button className={css.small} disabled={cancel.busy} onClick={() => void cancel.cancel(r)}>
              <Trans>취소</Trans>
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <section className={css.section} data-testid="request-history">
      <h2 className={css.sectionTitle}>{cashType === 1 ? <Trans>입금 신청 내역</Trans> : <Trans>출금 신청 내역</Trans>}</h2>
      <Loaded query={query}>{(d) => <DataList rows={d.list} columns={columns} rowKey={(r) => r.cashIdx} fresh={fresh} />}</Loaded>
      {query.data && <Pager info={query.data.pageInfo} onPage={setPage} />}
    </section>
  );
}

/** A balance pushed from the server (an approval, a rejection) means the requests changed too. */
function useRefetchOnBalance(cash: number | undefined, refetch: () => unknown) {
  const seen = useRef(cash);
  useEffect(() => {
    if (seen.current !== cash) void refetch();
    seen.current = cash;
  }, [cash, refetch]);
}
