import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { partnerCalls } from '../../../contract/partner';
import { openCreate } from '../../entities/partner/createPopup';
import { Button, buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataList, type Column } from '../../ui/DataList';
import { Money } from '../../widgets/Money';
import { SortLinks } from '../../ui/SortLinks';
import { useGiveRetrieve } from '../../widgets/useGiveRetrieve';
import { directPartnersQueryOptions, partnerInfoQueryOptions } from '../../entities/partner/treeQueries';
import css from './PartnerTree.module.css';
import { Fact, Facts } from '../../ui/Facts';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof partnerCalls.myPartnerDirectList>['list'][number];
type Sort = 'latest' | 'id' | 'money' | 'rolling';

const sorters: Record<Sort, (a: Row, b: Row) => number> = {
  latest: (a, b) => b.joinDate.localeCompare(a.joinDate),
  id: (a, b) => a.memId.localeCompare(b.memId),
  money: (a, b) => b.cashAmt - a.cashAmt,
  rolling: (a, b) => b.pointAmt - a.pointAmt,
};

/** Direct lower partners of the selected node, sorted here; give/retrieve only on the caller's own children. */
export function LowerPartners({ prefix, me, memId, canCreate }: { prefix: string; me: string; memId: string; canCreate: boolean }) {
  const api = useApi();
  const { t } = useLingui();
  const [sort, setSort] = useState<Sort>('latest');
  const money = useGiveRetrieve();
  const q = useQuery(directPartnersQueryOptions(api, prefix, me, memId));
  const level = useQuery(partnerInfoQueryOptions(api, prefix, me, memId)).data?.partnerInfo.partnerLevel ?? null;
  const rows = [...(q.data?.list ?? [])].sort(sorters[sort]);
  const mine = memId === me;

  const actions = (r: Row) => (
    <span className={css.actions}>
      {mine && (
        <Button onClick={() => money.open(r)} data-testid="row-give">
          <Trans>지급/회수</Trans>
        </Button>
      )}
      <Link className={buttonClass()} to="/$prefix/partnerDetail" params={{ prefix }} search={{ id: r.memId }}>
        <Trans>상세</Trans>
      </Link>
    </span>
  );
  const columns: Column<Row>[] = [
    { key: 'level', label: t`등급`, render: (r) => r.partnerLevelName },
    {
      key: 'id',
      label: t`아이디(닉네임)`,
      render: (r) => (
        <>
          {r.memId} <span className={css.muted}>({r.memNick})</span>
        </>
      ),
    },
    { key: 'cash', label: t`보유머니`, numeric: true, render: (r) => <Money value={r.cashAmt} /> },
    { key: 'point', label: t`보유롤링`, numeric: true, render: (r) => <Money value={r.pointAmt} unit="point" /> },
    { key: 'rate', label: t`롤링/루징`, numeric: true, render: (r) => `${r.pointRate}% / ${r.loseRate}%` },
    { key: 'cnt', label: t`하위`, numeric: true, render: (r) => r.cnt },
    { key: 'join', label: t`가입일`, render: (r) => r.joinDate.slice(0, 10) },
    { key: 'act', label: '', render: actions },
  ];
  const card = (r: Row) => (
    <div className={css.card}>
      <div className={css.cardHead}>
        <span className={css.badge}>{r.partnerLevelName}</span>
        <strong>{r.memId}</strong>
        <span className={css.muted}>{r.memNick}</span>
      </div>
      <Facts className={css.pairs}>
        <Fact label={<Trans>보유머니</Trans>}>
          <Money value={r.cashAmt} />
        </Fact>
        <Fact label={<Trans>보유롤링</Trans>}>
          <Money value={r.pointAmt} unit="point" />
        </Fact>
        <Fact label={<Trans>롤링/루징</Trans>}>
          {r.pointRate}% / {r.loseRate}%
        </Fact>
        <Fact label={<Trans>가입일</Trans>}>{r.joinDate.slice(0, 10)}</Fact>
      </Facts>
      {actions(r)}
    </div>
  );
  return (
    <Card title={<Trans>하위 파트너</Trans>} data-testid="lower-partners">
      <div className={css.toolbar}>
        <SortLinks
          label={t`정렬`}
          value={sort}
          onChange={setSort}
          options={[
            { key: 'latest', label: t`최신순` },
            { key: 'id', label: t`아이디순` },
            { key: 'money', label: t`보유머니순` },
            { key: 'rolling', label: t`롤링순` },
          ]}
        />
        {canCreate && (
          <Button variant="primary" onClick={() => openCreate(memId, level)}>
            <Trans>하위 추가</Trans>
          </Button>
        )}
      </div>
      {!q.isPending && <DataList rows={rows} columns={columns} card={card} rowKey={(r) => r.memId} empty={<Trans>하위 파트너가 없습니다.</Trans>} />}
      {money.sheet}
    </Card>
  );
}
