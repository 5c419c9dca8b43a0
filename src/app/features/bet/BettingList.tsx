import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { betCalls } from '../../../contract/bet';
import { settleGroupCodes } from '../../../contract/gameConcepts';
import { categoryName, resultName } from '../../entities/bet/betCodes';
import { gameGroupsQueryOptions } from '../../entities/bet/gameGroups';
import { BetDetailSheet } from '../../widgets/BetDetailSheet';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { Check, FilterBar } from '../../ui/FilterBar';
import { inputClass } from '../../ui/Field';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { Signed } from '../../widgets/Signed';
import { ResultSelect, SearchFields } from './BetFilters';
import { betListQueryOptions, defaultBetFilter, type BetFilter, type BetOrder } from '../../entities/bet/subtreeQueries';
import { useCaller } from '../../lib/caller';
import css from './Betting.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof betCalls.betList>['list'][number];

/** bettingList: casino, slot and mini-game bets of everyone below, with the bet detail. */
export function BettingList({ id }: { id?: string }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [f, setF] = useState<BetFilter>(() => defaultBetFilter(id));
  const [draft, setDraft] = useState({ searchType: f.searchType, word: f.word });
  const [detail, setDetail] = useState<number | null>(null);
  const query = useQuery(betListQueryOptions(api, prefix, caller.memId, f));
  const groups = useQuery(gameGroupsQueryOptions(api, prefix)).data?.list.filter((g) => g.groupCode !== 'sport') ?? [];
  const vendors = groups.find((g) => g.groupCode === f.category)?.vendors ?? [];
  const set = (p: Partial<BetFilter>) => setF((o) => ({ ...o, page: 1, ...p }));

  const orders: { key: BetOrder; label: string }[] = [
    { key: 'regDate:desc', label: t`최근 베팅순` },
    { key: 'regDate:asc', label: t`오래된 베팅순` },
    { key: 'betAmt:desc', label: t`베팅금 많은순` },
    { key: 'betAmt:asc', label: t`베팅금 적은순` },
    { key: 'betWinAmt:desc', label: t`당첨금 많은순` },
    { key: 'betWinAmt:asc', label: t`당첨금 적은순` },
  ];
  const detailButton = (r: Row) => (
    <Button className={css.small} onClick={() => setDetail(r.betIdx)} data-testid="bet-detail-open">
      <Trans>상세</Trans>
    </Button>
  );
  const columns: Column<Row>[] = [
    { key: 'no', label: t`번호`, render: (r) => r.betIdx },
    {
      key: 'who',
      label: t`아이디(닉네임)`,
      render: (r) => (
        <>
          {r.memId} <span className={css.muted}>({r.memNick})</span>
        </>
      ),
    },
    { key: 'upper', label: t`상위`, render: (r) => r.recommenderId },
    {
      key: 'game',
      label: t`게임`,
      render: (r) => (
        <>
          {r.vendorName} · {r.gameName}
        </>
      ),
    },
    { key: 'before', label: t`이전 머니`, numeric: true, render: (r) => <Money value={r.beforeCash} /> },
    { key: 'bet', label: t`베팅금`, numeric: true, render: (r) => <Money value={r.cash} /> },
    { key: 'win', label: t`당첨금`, numeric: true, render: (r) => <Money value={r.winCash} /> },
    { key: 'profit', label: t`손익`, numeric: true, render: (r) => <Signed value={r.winCash - r.cash} /> },
    { key: 'after', label: t`이후 머니`, numeric: true, render: (r) => <Money value={r.afterCash} /> },
    {
      key: 'result',
      label: t`결과`,
      render: (r) => (
        <span className={css.result} data-type={r.type}>
          {resultName(r.type)}
        </span>
      ),
    },
    { key: 'at', label: t`베팅시간`, render: (r) => r.createdAt },
    { key: 'detail', label: t`상세`, render: detailButton },
  ];
  const card = (r: Row) => (
    <div className={css.betCard} data-testid="bet-row">
      <div className={css.cardHead}>
        <strong>{r.memId}</strong> <span className={css.muted}>{r.memNick}</span>
        <span className={css.result} data-type={r.type}>
          {resultName(r.type)}
        </span>
      </div>
      <div className={css.muted}>
        {categoryName(r.gameCategory)} · {r.vendorName} · {r.gameName}
      </div>
      <dl className={css.figures}>
        <div>
          <dt>
            <Trans>베팅금</Trans>
          </dt>
          <dd>
            <Money value={r.cash} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>당첨금</Trans>
          </dt>
          <dd>
            <Money value={r.winCash} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>손익</Trans>
          </dt>
          <dd>
            <Signed value={r.winCash - r.cash} />
          </dd>
        </div>
      </dl>
      <div className={css.cardFoot}>
        <span className={css.muted}>
          <Money value={r.beforeCash} /> → <Money value={r.afterCash} />
        </span>
        {detailButton(r)}
      </div>
      <time className={css.time}>
        {r.createdAt} · #{r.betIdx}
      </time>
    </div>
  );

  return (
    <div className={css.page} data-testid="betting-list">
      <div className={css.head}>
        <h1 className={css.title}>
          <Trans>베팅 내역</Trans>
        </h1>
        <Link to="/$prefix/bettingListSport" params={{ prefix }} className={css.link}>
          <Trans>스포츠 베팅 내역</Trans> ›
        </Link>
      </div>
      <FilterBar onSubmit={() => set({ searchType: draft.searchType, word: draft.word.trim() })}>
        <DateRangeFilter value={f.range} onChange={(range) => set({ range })} />
        <Check label={<Trans>과거 데이터</Trans>} checked={f.old} onChange={(e) => set({ old: e.target.checked })} />
        <p className={css.tip}>
          <Trans>오늘로부터 5일 이전의 데이터를 검색하려면 체크하세요.</Trans>
        </p>
        <select className={inputClass} aria-label={t`게임 구분`} value={f.category} onChange={(e) => set({ category: e.target.value, vendor: '' })}>
          {(groups.length ? groups.map((g) => g.groupCode) : settleGroupCodes.filter((g) => g !== 'sport')).map((c) => (
            <option key={c} value={c}>
              {categoryName(c)}
            </option>
          ))}
        </select>
        <select className={inputClass} aria-label={t`게임사`} value={f.vendor} onChange={(e) => set({ vendor: e.target.value })}>
          <option value="">{t`전체 게임사`}</option>
          {vendors.map((v) => (
            <option key={v.vendorCode} value={v.vendorCode}>
              {v.vendorName}
            </option>
          ))}
        </select>
        <ResultSelect value={f.result} onChange={(result) => set({ result })} />
        <select className={inputClass} aria-label={t`정렬`} value={f.order} onChange={(e) => set({ order: e.target.value as BetOrder })}>
          {orders.map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))}
        </select>
        <SearchFields
          type={draft.searchType}
          word={draft.word}
          onType={(searchType) => setDraft((d) => ({ ...d, searchType }))}
          onWord={(word) => setDraft((d) => ({ ...d, word }))}
        />
        <Button type="submit" variant="primary">
          <Trans>검색</Trans>
        </Button>
      </FilterBar>
      <SeenAt query={query} />
      {query.data && (
        <p className={css.total} data-testid="bet-total" data-count={query.data.pageInfo.tatal_list_count}>
          <Trans>총 {query.data.pageInfo.tatal_list_count}건</Trans>
        </p>
      )}
      {!query.isPending && <DataList rows={query.data?.list ?? []} columns={columns} rowKey={(r) => r.betIdx} card={card} empty={<Trans>베팅 내역이 없습니다.</Trans>} />}
      {query.data && <Pager info={query.data.pageInfo} onPage={(page) => setF((o) => ({ ...o, page }))} />}
      <BetDetailSheet betId={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
