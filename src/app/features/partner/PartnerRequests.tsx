import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import { partnerCalls } from '../../../contract/partner';
import { bankName, requestStatusName } from '../../entities/cash/codeNames';
import { alert } from '../../lib/dialogs';
import { useDecidePartnerRequest } from '../../entities/partner/writes';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { Pager } from '../../ui/Pager';
import { Tabs } from '../../ui/Tabs';
import { partnerRequestsQueryOptions, type RequestFilter } from '../../entities/partner/requestQueries';
import { useCaller } from '../../lib/caller';
import css from './AdminPartners.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof partnerCalls.requestList>['list'][number];

/** Lower-partner requests filed by partners: the operator approves (the partner is created) or rejects. */
export function PartnerRequests() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const { memId: me } = useCaller();
  const [filter, setFilter] = useState<RequestFilter>('open');
  const [page, setPage] = useState(1);
  const q = useQuery(partnerRequestsQueryOptions(api, prefix, me, filter, page));

  const decision = useDecidePartnerRequest<Row>(prefix, me, {
    confirm: ({ r, approve }) => (approve ? t`${r.memId} 파트너 생성을 승인하시겠습니까?` : t`${r.memId} 파트너 생성 신청을 거절하시겠습니까?`),
    onDone: (_, { approve }) => alert(approve ? t`승인되었습니다.` : t`거절되었습니다.`),
  });
  const decide = (r: Row, approve: boolean) => decision.submit({ r, approve });

  const actions = (r: Row) =>
    r.status === 0 ? (
      <span className={css.actions}>
        <Button variant="primary" onClick={() => void decide(r, true)} data-testid="approve">
          <Trans>승인</Trans>
        </Button>
        <Button onClick={() => void decide(r, false)}>
          <Trans>거절</Trans>
        </Button>
      </span>
    ) : (
      <span className={css.status}>{requestStatusName(r.status)}</span>
    );
  const rates = (r: Row) => r.rateList.map((x) => `${x.category} ${x.pointRate}/${x.loseRate}`).join(', ');
  const columns: Column<Row>[] = [
    { key: 'at', label: t`신청일시`, render: (r) => r.regDate },
    {
      key: 'id',
      label: t`아이디 / 닉네임`,
      render: (r) => (
        <>
          <strong>{r.memId}</strong> {r.memNick}
        </>
      ),
    },
    { key: 'level', label: t`등급`, render: (r) => r.partnerLevelName },
    { key: 'parent', label: t`상위`, render: (r) => r.recommenderId },
    { key: 'by', label: t`신청자`, render: (r) => r.requestedBy },
    { key: 'name', label: t`예금주 / 전화번호`, render: (r) => `${r.memName} / ${r.memPhone}` },
    { key: 'bank', label: t`은행 / 계좌`, render: (r) => `${bankName(r.bank)} ${r.bankAcc}` },
    { key: 'rates', label: t`요율(롤링/루징)`, render: rates },
    { key: 'act', label: t`처리`, render: actions },
  ];
  return (
    <div className={css.page} data-testid="partner-requests">
      <h1 className={css.title}>
        <Trans>파트너 생성 신청</Trans>
      </h1>
      <Tabs
        tabs={[
          { key: 'open', label: t`대기` },
          { key: 'all', label: t`전체` },
        ]}
        value={filter}
        onChange={(f) => (setFilter(f), setPage(1))}
      />
      {!q.isPending && <DataList rows={q.data?.list ?? []} columns={columns} rowKey={(r) => r.reqIdx} empty={<Trans>신청 내역이 없습니다.</Trans>} />}
      {q.data && <Pager info={q.data.pageInfo} onPage={setPage} />}
    </div>
  );
}
