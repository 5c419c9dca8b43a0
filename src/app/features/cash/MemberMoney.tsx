import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { cashTypeName, requestStatusName } from '../../entities/cash/codeNames';
import { lastDays } from '../../lib/dayRange';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataList } from '../../ui/DataList';
import { FilterBar } from '../../ui/FilterBar';
import { inputClass } from '../../ui/Field';
import { GiveRetrieveSheet, type MoneyTarget, type MoveAnswer, type MoveKind, type MoveMode } from '../../widgets/GiveRetrieveSheet';
import { Money } from '../../widgets/Money';
import { cashQueueQueryOptions, memberStateQueryOptions } from '../../entities/cash/queueQueries';
import { apiMessage } from '../../lib/apiMessage';
import { MemberLock } from './MemberLock';
import { useCaller } from '../../lib/caller';
import css from './AdminCash.module.css';
import { Fact, Facts } from '../../ui/Facts';
import { useApi } from '../../lib/useApi';

/** Member lookup with the operator's grant and recovery of cash or points (against the house). */
export function MemberMoney() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [word, setWord] = useState('');
  const [memId, setMemId] = useState('');
  const [after, setAfter] = useState<MoveAnswer | null>(null);
  const [sheet, setSheet] = useState<{ kind: MoveKind; mode: MoveMode } | null>(null);
  const recent = useQuery({
    ...cashQueueQueryOptions(api, prefix, caller.memId, { status: null, order: 'desc', type: null, memId, range: lastDays(30), page: 1 }),
    enabled: !!memId,
  });
  // the balances come with the member's state; a move's answer is newer until the state is read again
  const state = useQuery({ ...memberStateQueryOptions(api, prefix, caller.memId, memId), enabled: !!memId });
  const rows = (recent.data?.list ?? []).filter((r) => r.memId === memId);
  const known = after?.memId === memId ? after : null;
  const target: MoneyTarget = {
    memId,
    memNick: state.data?.memNick,
    cashAmt: known?.cashAmt ?? state.data?.cashAmt,
    pointAmt: known?.pointAmt ?? state.data?.pointAmt,
  };

  return (
    <div className={css.page} data-testid="member-money">
      <h1 className={css.title}>
        <Trans>회원 머니 지급/회수</Trans>
      </h1>
      <FilterBar onSubmit={() => (setMemId(word.trim()), setAfter(null))}>
        <input className={inputClass} name="lookupMemId" aria-label={t`회원 아이디`} placeholder={t`회원 아이디`} value={word} onChange={(e) => setWord(e.target.value)} />
        <Button type="submit" variant="primary">
          <Trans>조회</Trans>
        </Button>
      </FilterBar>
      {memId && state.isError && (
        <Card title={memId}>
          <p role="alert" data-testid="member-lookup-error">
            {apiMessage(state.error)}
          </p>
        </Card>
      )}
      {memId && !state.isError && (
        <Card title={state.data?.memNick ? `${memId} (${state.data.memNick})` : memId}>
          <div className={css.form}>
            <Facts strong>
              <Fact label={<Trans>보유머니</Trans>} data-testid="member-cash">
                {target.cashAmt === undefined ? '-' : <Money value={target.cashAmt} />}
              </Fact>
              <Fact label={<Trans>보유포인트</Trans>} data-testid="member-point">
                {target.pointAmt === undefined ? '-' : <Money value={target.pointAmt} unit="point" />}
              </Fact>
            </Facts>
            <div className={css.row}>
              <Button variant="primary" onClick={() => setSheet({ kind: 'cash', mode: 'give' })}>
                <Trans>머니 지급</Trans>
              </Button>
              <Button onClick={() => setSheet({ kind: 'cash', mode: 'retrieve' })}>
                <Trans>머니 회수</Trans>
              </Button>
              <Button onClick={() => setSheet({ kind: 'point', mode: 'give' })}>
                <Trans>포인트 지급</Trans>
              </Button>
              <Button onClick={() => setSheet({ kind: 'point', mode: 'retrieve' })}>
                <Trans>포인트 회수</Trans>
              </Button>
            </div>
          </div>
        </Card>
      )}
      {memId && !state.isError && <MemberLock key={memId} prefix={prefix} me={caller.memId} memId={memId} />}
      {memId && !state.isError && !recent.isPending && (
        <DataList
          rows={rows}
          rowKey={(r) => r.cashIdx}
          columns={[
            { key: 'reg', label: t`신청일시`, render: (r) => r.regDate },
            { key: 'type', label: t`구분`, render: (r) => cashTypeName(r.cashType) },
            { key: 'amt', label: t`금액`, numeric: true, render: (r) => <Money value={r.cashAmt} /> },
            { key: 'status', label: t`상태`, render: (r) => requestStatusName(r.cashStatus) },
          ]}
          empty={<Trans>최근 30일 입출금 신청이 없습니다.</Trans>}
        />
      )}
      <GiveRetrieveSheet
        by="operator"
        target={sheet ? target : null}
        kind={sheet?.kind ?? 'cash'}
        mode={sheet?.mode ?? 'give'}
        onClose={(res) => (res && setAfter(res), setSheet(null))}
      />
    </div>
  );
}
