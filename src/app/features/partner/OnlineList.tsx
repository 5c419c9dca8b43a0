import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { partnerCalls } from '../../../contract/partner';
import { lastDays, wireRange, type DayRange } from '../../lib/dayRange';
import { Card } from '../../ui/Card';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { inputClass } from '../../ui/Field';
import { FilterBar, useWide } from '../../ui/FilterBar';
import { HierarchyTree } from '../../entities/partner/HierarchyTree';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { useGiveRetrieve } from '../../widgets/useGiveRetrieve';
import { useMemberCells } from './memberColumns';
import { loginListQueryOptions } from '../../entities/partner/listQueries';
import { useCaller } from '../../lib/caller';
import css from './Lists.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof partnerCalls.loginList>['list'][number];

/** Members with an open session below the node picked in the tree. */
export function OnlineList() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const { memId: me } = useCaller();
  const [node, setNode] = useState<string | null>(null);
  const [treeOption, setTreeOption] = useState<'Y' | 'N'>('N');
  const [range, setRange] = useState<DayRange>(() => lastDays(0));
  const [page, setPage] = useState(1);
  const money = useGiveRetrieve();
  const cells = useMemberCells(prefix, me, money.open);
  const q = useQuery(loginListQueryOptions(api, prefix, me, { memId: node ?? undefined, ...wireRange(range), page, count_per_list: 40 }));
  const { col } = cells;
  const dept = (r: Row) => (
    <select className={`${inputClass} ${css.select}`} aria-label={t`소속`} defaultValue={r.topUserList[0]?.recommenderId}>
      {r.topUserList.map((u) => (
        <option key={u.recommenderId} value={u.recommenderId}>
          [{u.partnerLevelName}] {u.recommenderId}
        </option>
      ))}
    </select>
  );
  const game = (r: Row) => (r.betData ? `${r.betData.vendorName} · ${r.betData.gameName}` : '-');
  const login = (r: Row) => (
    <span className={css.stack}>
      <span>{r.loginDt}</span>
      <span className={css.muted}>{r.loginIP}</span>
    </span>
  );
  const actions = (r: Row) => (
    <>
      {cells.giveButton(r)}
      {cells.detail(r)}
    </>
  );
  const columns: Column<Row>[] = [
    col.who,
    { key: 'dept', label: t`소속`, render: dept },
    { key: 'name', label: t`예금주`, render: (r) => r.memName },
    col.cash,
    col.point,
    col.io,
    { key: 'net', label: t`입출금 손익`, numeric: true, render: (r) => <Money value={r.cashOut - r.cashIn} /> },
    col.casino,
    col.slot,
    { key: 'game', label: t`최근 게임`, render: game },
    { key: 'login', label: t`접속`, render: login },
    { key: 'act', label: '', render: (r) => <span className={css.actions}>{actions(r)}</span> },
  ];
  const card = cells.card(
    [
      [t`보유머니`, col.cash.render],
      [t`보유포인트`, col.point.render],
      [t`입금/출금`, col.io.render],
      [t`최근 게임`, (r) => game(r as Row)],
      [t`접속`, (r) => (r as Row).loginDt],
      [t`IP`, (r) => (r as Row).loginIP],
    ],
    actions as never,
  );

  const wide = useWide();
  const tree = <HierarchyTree selected={node} onSelect={(id) => (setNode(id), setPage(1))} treeOption={treeOption} onTreeOption={setTreeOption} />;

  return (
    <div className={css.page} data-testid="online-list">
      <h1 className={css.title}>
        <Trans>접속</Trans>
      </h1>
      <div className={css.layout} data-tree>
        {wide && <Card className={css.treeCard}>{tree}</Card>}
        <div className={css.main}>
          <FilterBar summary={[rangeSummary(range), node]}>
            {!wide && tree}
            <DateRangeFilter value={range} onChange={(r) => (setRange(r), setPage(1))} />
          </FilterBar>
          <SeenAt query={q} />
          {!q.isPending && <DataList rows={q.data?.list ?? []} columns={columns} card={card} rowKey={(r) => r.memId} empty={<Trans>현재 접속중인 회원이 없습니다.</Trans>} />}
          {q.data?.pageInfo && <Pager info={q.data.pageInfo} onPage={setPage} />}
        </div>
      </div>
      {money.sheet}
    </div>
  );
}
