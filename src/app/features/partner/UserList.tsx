import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { lastDays, wireRange, type DayRange } from '../../lib/dayRange';
import { Card } from '../../ui/Card';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { FilterBar, useWide } from '../../ui/FilterBar';
import { HierarchyTree } from '../../entities/partner/HierarchyTree';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { SortLinks } from '../../ui/SortLinks';
import { useGiveRetrieve } from '../../widgets/useGiveRetrieve';
import type { IdSearch, OrderStr } from './listSearch';
import { useMemberCells, type MemberRow } from './memberColumns';
import { lowerUserListQueryOptions } from '../../entities/partner/listQueries';
import { SearchBox } from './SearchBox';
import { useCaller } from '../../lib/caller';
import css from './Lists.module.css';
import { useApi } from '../../lib/useApi';

/** Members below the node picked in the tree, with money, points, rates and casino/slot figures over the dates. */
export function UserList() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const { memId: me } = useCaller();
  const [node, setNode] = useState<string | null>(null);
  const [treeOption, setTreeOption] = useState<'Y' | 'N'>('N');
  const [range, setRange] = useState<DayRange>(() => lastDays(0));
  const [orderStr, setOrder] = useState<OrderStr>('JOIN_DESC');
  const [search, setSearch] = useState<{ type: IdSearch; value: string }>({ type: 'id', value: '' });
  const [page, setPage] = useState(1);
  const money = useGiveRetrieve();
  const cells = useMemberCells(prefix, me, money.open);
  const q = useQuery(
    lowerUserListQueryOptions(api, prefix, me, {
      memId: node ?? undefined,
      ...wireRange(range),
      orderStr,
      page,
      count_per_list: 40,
      treeOption: 'Y',
      ...(search.value ? { searchType: search.type, searchValue: search.value } : {}),
    }),
  );
  const reset =
    <A,>(set: (a: A) => void) =>
    (a: A) => (set(a), setPage(1));
  const actions = (r: MemberRow) => (
    <>
      {cells.giveButton(r)}
      {cells.detail(r)}
    </>
  );
  const { col } = cells;
  const columns: Column<MemberRow>[] = [
    col.who,
    col.upper,
    col.cash,
    col.point,
    col.io,
    col.rate,
    col.casino,
    col.slot,
    col.join,
    { key: 'act', label: '', render: (r) => <span className={css.actions}>{actions(r)}</span> },
  ];
  const card = cells.card(
    [
      [t`보유머니`, (r) => <Money value={r.cashAmt} />],
      [t`보유포인트`, (r) => <Money value={r.pointAmt} unit="point" />],
      [t`입금`, (r) => <Money value={r.cashIn} />],
      [t`출금`, (r) => <Money value={r.cashOut} />],
      [t`롤링/루징`, (r) => `${r.pointRate}% / ${r.loseRate}%`],
      [t`상위`, (r) => r.recommenderId],
      [t`카지노 베팅`, (r) => <Money value={r.byCasino.betAmt} />],
      [t`슬롯 베팅`, (r) => <Money value={r.bySlot.betAmt} />],
    ],
    actions,
  );

  const wide = useWide();
  const tree = <HierarchyTree selected={node} onSelect={reset(setNode)} treeOption={treeOption} onTreeOption={setTreeOption} />;
  const searchTypes: { key: IdSearch; label: string }[] = [
    { key: 'id', label: t`아이디` },
    { key: 'nickname', label: t`닉네임` },
  ];
  const sorts: { key: OrderStr; label: string }[] = [
    { key: 'JOIN_DESC', label: t`최신순` },
    { key: 'ID_ASC', label: t`아이디순` },
    { key: 'CASH_DESC', label: t`보유머니순` },
    { key: 'POINT_DESC', label: t`롤링순` },
  ];
  const searchLabel = `${searchTypes.find((x) => x.key === search.type)?.label}${search.value ? ` ${search.value}` : ''}`;
  const sortLabel = sorts.find((x) => x.key === orderStr)?.label;

  return (
    <div className={css.page} data-testid="user-list">
      <h1 className={css.title}>
        <Trans>회원 리스트</Trans>
      </h1>
      <div className={css.layout} data-tree>
        {wide && <Card className={css.treeCard}>{tree}</Card>}
        <div className={css.main}>
          <FilterBar summary={[rangeSummary(range), node, searchLabel, sortLabel]}>
            {!wide && tree}
            <DateRangeFilter value={range} onChange={reset(setRange)} />
            <SearchBox types={searchTypes} onSearch={(type, value) => (setSearch({ type, value }), setPage(1))} />
            <SortLinks label={t`정렬`} value={orderStr} onChange={reset(setOrder)} options={sorts} />
          </FilterBar>
          <SeenAt query={q} />
          {!q.isPending && <DataList rows={q.data?.list ?? []} columns={columns} card={card} rowKey={(r) => r.memId} empty={<Trans>그룹에 회원이 없습니다.</Trans>} />}
          {q.data && <Pager info={q.data.pageInfo} onPage={setPage} />}
        </div>
      </div>
      {money.sheet}
    </div>
  );
}
