import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { lastDays, wireRange, type DayRange } from '../../lib/dayRange';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { inputClass } from '../../ui/Field';
import { Check, FilterBar } from '../../ui/FilterBar';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { useGiveRetrieve } from '../../widgets/useGiveRetrieve';
import { useMemberCells, type MemberRow } from './memberColumns';
import { memListQueryOptions } from '../../entities/partner/listQueries';
import { useCaller } from '../../lib/caller';
import css from './Lists.module.css';
import { useApi } from '../../lib/useApi';

const sortKeys = ['joinDate', 'memId', 'cashAmt', 'pointAmt', 'cashIn', 'cashOut', 'netCash'] as const;

/** Money management: every member below the caller, with cash and point give/retrieve for its own members. */
export function MemberMoneyList() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const { memId: me } = useCaller();
  const [range, setRange] = useState<DayRange>(() => lastDays(0));
  const [oldYn, setOldYn] = useState<'Y' | 'N'>('N');
  const [idText, setIdText] = useState('');
  const [searchMemId, setSearchMemId] = useState('');
  const [sort, setSort] = useState('joinDate_DESC');
  const [page, setPage] = useState(1);
  const money = useGiveRetrieve();
  const cells = useMemberCells(prefix, me, money.open);
  const [orderColumn, orderType] = sort.split('_');
  const q = useQuery(
    memListQueryOptions(api, prefix, me, {
      searchMemId: searchMemId || undefined,
      ...wireRange(range),
      oldYn,
      page,
      count_per_list: 40,
      orderColumn,
      orderType,
    }),
  );
  const sortName: Record<(typeof sortKeys)[number], string> = {
    joinDate: t`가입일`,
    memId: t`아이디`,
    cashAmt: t`보유머니`,
    pointAmt: t`보유포인트`,
    cashIn: t`입금`,
    cashOut: t`출금`,
    netCash: t`입출금 차액`,
  };
  const { col } = cells;
  const withButton = (value: React.ReactNode, button: React.ReactNode) => (
    <span className={css.actions} style={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      {value}
      {button}
    </span>
  );
  const columns: Column<MemberRow>[] = [
    col.who,
    col.rate,
    { ...col.cash, render: (r) => withButton(<Money value={r.cashAmt} />, cells.giveButton(r, 'cash')) },
    { ...col.point, render: (r) => withButton(<Money value={r.pointAmt} unit="point" />, cells.giveButton(r, 'point')) },
    col.io,
    col.profit,
    col.betWin,
    col.wl,
    col.join,
    { key: 'act', label: '', render: cells.detail },
  ];
  const card = cells.card(
    [
      [t`보유머니`, (r) => <Money value={r.cashAmt} />],
      [t`보유포인트`, (r) => <Money value={r.pointAmt} unit="point" />],
      [t`입금/출금`, col.io.render],
      [t`입출금 손익`, col.profit.render],
      [t`베팅/당첨`, col.betWin.render],
      [t`윈로스`, col.wl.render],
      [t`롤링/루징`, col.rate.render],
      [t`가입일`, col.join.render],
    ],
    (r) => (
      <>
        {cells.giveButton(r, 'cash')}
        {cells.giveButton(r, 'point')}
        {cells.detail(r)}
      </>
    ),
  );

  return (
    <div className={css.page} data-testid="member-money-list">
      <h1 className={css.title}>
        <Trans>회원 머니 관리</Trans>
      </h1>
      <FilterBar
        onSubmit={() => (setSearchMemId(idText.trim()), setPage(1))}
        summary={[
          rangeSummary(range),
          oldYn === 'Y' && t`5일 이전 포함`,
          searchMemId,
          `${sortName[sort.replace(/_(ASC|DESC)$/, '') as keyof typeof sortName]} ${sort.endsWith('_ASC') ? '↑' : '↓'}`,
        ]}
      >
        <DateRangeFilter value={range} onChange={(r) => (setRange(r), setPage(1))} />
        <Check
          label={t`5일 이전 데이터 포함`}
          checked={oldYn === 'Y'}
          onChange={(e) => (setOldYn(e.target.checked ? 'Y' : 'N'), setPage(1))}
          title={t`오늘 기준 5일 이전의 데이터를 검색하려면 체크하세요.`}
        />
        <select className={inputClass} aria-label={t`정렬`} value={sort} onChange={(e) => (setSort(e.target.value), setPage(1))}>
          {sortKeys.flatMap((k) => [
            <option key={`${k}_DESC`} value={`${k}_DESC`}>{`${sortName[k]} ↓`}</option>,
            <option key={`${k}_ASC`} value={`${k}_ASC`}>{`${sortName[k]} ↑`}</option>,
          ])}
        </select>
        <input className={inputClass} type="search" placeholder={t`아이디`} aria-label={t`아이디`} value={idText} onChange={(e) => setIdText(e.target.value)} />
        <Button type="submit" variant="primary">
          <Trans>검색</Trans>
        </Button>
      </FilterBar>
      <SeenAt query={q} />
      {!q.isPending && <DataList rows={q.data?.list ?? []} columns={columns} card={card} rowKey={(r) => r.memId} empty={<Trans>그룹에 회원이 없습니다.</Trans>} />}
      {q.data && <Pager info={q.data.pageInfo} onPage={setPage} />}
      {money.sheet}
    </div>
  );
}
