import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { lastDays, wireRange, type DayRange } from '../../lib/dayRange';
import { Card } from '../../ui/Card';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { inputClass } from '../../ui/Field';
import { FilterBar, useWide } from '../../ui/FilterBar';
import { HierarchyTree } from '../../entities/partner/HierarchyTree';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { useGiveRetrieve } from '../../widgets/useGiveRetrieve';
import { useMemberCells, type MemberRow } from './memberColumns';
import { memDirectListQueryOptions } from '../../entities/partner/listQueries';
import { SearchBox } from './SearchBox';
import { useCaller } from '../../lib/caller';
import css from './Lists.module.css';
import { useApi } from '../../lib/useApi';

type SearchType = 'memId' | 'memNick' | 'recommenderId';

/** Direct members of the partner picked in the tree (the caller by default). */
export function SubMemberList() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const { memId: me } = useCaller();
  const [node, setNode] = useState<string | null>(null);
  const [range, setRange] = useState<DayRange>(() => lastDays(0));
  const [search, setSearch] = useState<{ type: SearchType; value: string }>({ type: 'memId', value: '' });
  const [sort, setSort] = useState('joinDate_DESC');
  const [page, setPage] = useState(1);
  const money = useGiveRetrieve();
  const cells = useMemberCells(prefix, me, money.open);
  const [orderColumn, orderType] = sort.split('_');
  const q = useQuery(
    memDirectListQueryOptions(api, prefix, me, {
      memId: node ?? undefined,
      ...wireRange(range),
      page,
      count_per_list: 40,
      orderColumn,
      orderType,
      ...(search.value ? { searchType: search.type, searchValue: search.value } : {}),
    }),
  );
  const { col } = cells;
  const actions = (r: MemberRow) => (
    <>
      {cells.giveButton(r)}
      {cells.detail(r)}
    </>
  );
  const columns: Column<MemberRow>[] = [
    col.who,
    col.rate,
    col.cash,
    col.point,
    col.io,
    col.profit,
    col.join,
    { key: 'act', label: '', render: (r) => <span className={css.actions}>{actions(r)}</span> },
  ];
  const card = cells.card(
    [
      [t`보유머니`, col.cash.render],
      [t`보유포인트`, col.point.render],
      [t`입금/출금`, col.io.render],
      [t`입출금 손익`, col.profit.render],
      [t`롤링/루징`, col.rate.render],
      [t`가입일`, col.join.render],
    ],
    actions,
  );

  const wide = useWide();
  const tree = <HierarchyTree selected={node} onSelect={(id) => (setNode(id), setPage(1))} treeOption="N" />;
  const sorts: Record<string, string> = { joinDate_DESC: t`가입일 ↓`, cashAmt_DESC: t`보유머니 ↓`, pointAmt_DESC: t`보유포인트 ↓`, memId_ASC: t`아이디 ↑` };

  return (
    <div className={css.page} data-testid="sub-member-list">
      <h1 className={css.title}>
        <Trans>하위 회원 리스트</Trans>
      </h1>
      <div className={css.layout} data-tree>
        {wide && <Card className={css.treeCard}>{tree}</Card>}
        <div className={css.main}>
          <FilterBar summary={[rangeSummary(range), node, search.value, sorts[sort]]}>
            {!wide && tree}
            <DateRangeFilter value={range} onChange={(r) => (setRange(r), setPage(1))} />
            <select className={inputClass} aria-label={t`정렬`} value={sort} onChange={(e) => (setSort(e.target.value), setPage(1))}>
              {Object.entries(sorts).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
            <SearchBox
              types={[
                { key: 'memId', label: t`아이디` },
                { key: 'memNick', label: t`닉네임` },
                { key: 'recommenderId', label: t`상위 아이디` },
              ]}
              onSearch={(type, value) => (setSearch({ type, value }), setPage(1))}
            />
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
