import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { partnerLevelName } from '../../entities/partner/levelNames';
import { FilterBar } from '../../ui/FilterBar';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { SortLinks } from '../../ui/SortLinks';
import type { IdSearch, OrderStr } from './listSearch';
import { levelListQueryOptions, partnerList2QueryOptions } from '../../entities/partner/listQueries';
import { PartnerTable } from './PartnerTable';
import { SearchBox } from './SearchBox';
import { useCaller } from '../../lib/caller';
import css from './Lists.module.css';
import { useApi } from '../../lib/useApi';

/**
 * Per-level partner list (`code` PTN_1..PTN_7, every partner of that level below the caller) and
 * the recursive partner list (no code: the caller's direct partners, searchable by id).
 */
export function LevelList({ code }: { code?: string }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const { memId: me } = useCaller();
  const [orderStr, setOrder] = useState<OrderStr>('JOIN_DESC');
  const [search, setSearch] = useState<{ type: IdSearch; value: string }>({ type: 'id', value: '' });
  const [page, setPage] = useState(1);

  const byLevel = useQuery({
    ...levelListQueryOptions(api, prefix, me, {
      targetLevel: code,
      orderStr,
      page,
      count_per_list: 40,
      ...(search.value ? { searchType: search.type, searchValue: search.value } : {}),
    }),
    enabled: !!code,
  });
  const recursive = useQuery({
    ...partnerList2QueryOptions(
      api,
      prefix,
      me,
      search.value ? { searchType: 'OUTER', searchMemId: search.value, page, count_per_list: 40 } : { searchType: 'INNER', memId: me, page, count_per_list: 40 },
    ),
    enabled: !code,
  });
  const q = code ? byLevel : recursive;
  const title = code ? t`${partnerLevelName(code)} 전체 리스트` : t`파트너 리스트`;

  const sorts: { key: OrderStr; label: string }[] = [
    { key: 'JOIN_DESC', label: t`최신순` },
    { key: 'ID_ASC', label: t`아이디순` },
    { key: 'CASH_DESC', label: t`보유머니순` },
    { key: 'POINT_DESC', label: t`롤링순` },
  ];

  return (
    <div className={css.page} data-testid="level-list">
      <h1 className={css.title}>{title}</h1>
      <FilterBar summary={[search.value || t`아이디`, code && sorts.find((x) => x.key === orderStr)?.label]}>
        <SearchBox
          types={
            code
              ? [
                  { key: 'id', label: t`아이디` },
                  { key: 'nickname', label: t`닉네임` },
                ]
              : [{ key: 'id', label: t`아이디` }]
          }
          onSearch={(type, value) => (setSearch({ type, value }), setPage(1))}
        />
        {code && <SortLinks label={t`정렬`} value={orderStr} onChange={(o) => (setOrder(o), setPage(1))} options={sorts} />}
      </FilterBar>
      <SeenAt query={q} />
      {!q.isPending && <PartnerTable rows={q.data?.list ?? []} empty={<Trans>내역이 없습니다.</Trans>} />}
      {q.data && <Pager info={q.data.pageInfo} onPage={setPage} />}
    </div>
  );
}
