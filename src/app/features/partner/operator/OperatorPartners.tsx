import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../../contract/define';
import { partnerCalls } from '../../../../contract/partner';
import { partnerLevelName } from '../../../entities/partner/levelNames';
import { sitePartnersQueryOptions } from '../../../entities/partner/operatorQueries';
import { useTogglePartnerLogin } from '../../../entities/partner/writes';
import { useCaller } from '../../../lib/caller';
import { formatNumber } from '../../../lib/format';
import { siteKey } from '../../../lib/queryClient';
import { useApi } from '../../../lib/useApi';
import { BottomSheet } from '../../../ui/BottomSheet';
import { Button } from '../../../ui/Button';
import { DataList, type Column } from '../../../ui/DataList';
import { ListSkeleton } from '../../../ui/ListSkeleton';
import { Pager } from '../../../ui/Pager';
import { PartnerForm } from '../create/PartnerForm';
import { PartnerEditSheet } from './PartnerEditSheet';
import css from './OperatorPartners.module.css';

type Row = ResOf<typeof partnerCalls.lowerPartnerList>['list'][number];

/** The operator's partners: every partner of the site (top level first), a top-level partner made at once, edits, suspend and resume. */
export function OperatorPartners() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { memId: me } = useCaller();
  const { t } = useLingui();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const q = useQuery(sitePartnersQueryOptions(api, prefix, me, page));

  const access = useTogglePartnerLogin<Row>(prefix, me, {
    confirm: (r) =>
      r.loginYn === 'Y' ? t`${r.memId} 파트너의 로그인을 정지하시겠습니까? 접속 중이면 바로 로그아웃됩니다.` : t`${r.memId} 파트너의 로그인을 다시 허용하시겠습니까?`,
    say: 'alert',
  });
  const created = () => {
    setCreating(false);
    setPage(1);
    void client.invalidateQueries({ queryKey: siteKey(prefix) });
  };

  const columns: Column<Row>[] = [
    {
      key: 'id',
      label: t`아이디 / 닉네임`,
      render: (r) => (
        <>
          <strong>{r.memId}</strong> {r.memNick}
        </>
      ),
    },
    { key: 'level', label: t`등급`, render: (r) => partnerLevelName(r.partnerLevel) },
    { key: 'upper', label: t`상위`, render: (r) => r.topUserList[0]?.recommenderId ?? t`운영자 직속` },
    {
      key: 'below',
      label: t`하위 파트너 / 회원`,
      numeric: true,
      render: (r) => `${formatNumber(r.cntBotPartner)} / ${formatNumber(r.countInfo.find((c) => c.partnerLevel === 'NORMAL')?.cnt ?? 0)}`,
    },
    { key: 'rates', label: t`카지노 요율(롤링/루징)`, render: (r) => `${r.casinoRate}% / ${r.casinoLosing}%` },
    {
      key: 'login',
      label: t`로그인`,
      render: (r) => (
        <span className={css.state} data-state={r.loginYn === 'Y' ? 'on' : 'off'}>
          {r.loginYn === 'Y' ? <Trans>허용</Trans> : <Trans>정지됨</Trans>}
        </span>
      ),
    },
    {
      key: 'act',
      label: t`관리`,
      render: (r) => (
        <span className={css.actions}>
          <Button onClick={() => setEditing(r)} data-testid="partner-edit-open">
            <Trans>수정</Trans>
          </Button>
          <Button onClick={() => void access.submit(r)} data-testid="partner-access">
            {r.loginYn === 'Y' ? <Trans>정지</Trans> : <Trans>재개</Trans>}
          </Button>
        </span>
      ),
    },
  ];

  const createButton = (
    <Button variant="primary" onClick={() => setCreating(true)} data-testid="partner-create-open">
      <Trans>파트너 만들기</Trans>
    </Button>
  );
  return (
    <div className={css.page} data-testid="operator-partners">
      <div className={css.head}>
        <h1 className={css.title}>
          <Trans>파트너</Trans>
        </h1>
        {(q.data?.list.length ?? 0) > 0 && createButton}
      </div>
      {q.isPending ? (
        <ListSkeleton />
      ) : q.isError ? (
        <div className={css.error} role="alert">
          <p>
            <Trans>파트너 목록을 불러오지 못했습니다.</Trans>
          </p>
          <Button onClick={() => void q.refetch()}>
            <Trans>다시 시도</Trans>
          </Button>
        </div>
      ) : q.data.list.length === 0 ? (
        <div className={css.empty} data-testid="partners-empty">
          <p>
            <Trans>아직 파트너가 없습니다. 회원은 파트너의 추천으로 가입하므로, 첫 파트너를 만들어야 회원이 가입할 수 있습니다.</Trans>
          </p>
          {createButton}
        </div>
      ) : (
        <>
          <DataList rows={q.data.list} columns={columns} rowKey={(r) => r.memId} rowTestId={(r) => `partner-row-${r.memId}`} />
          <Pager info={q.data.pageInfo} onPage={setPage} />
        </>
      )}
      <BottomSheet open={creating} title={<Trans>최상위 파트너 만들기</Trans>} onClose={() => setCreating(false)}>
        <div data-testid="partner-create">{creating && <PartnerForm prefix={prefix} me={me} recommenderId="" newLevel="PTN_1" atOnce onDone={created} />}</div>
      </BottomSheet>
      <PartnerEditSheet prefix={prefix} me={me} partner={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
