import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { betCalls } from '../../../contract/bet';
import { gameCategories } from '../../../contract/game';
import { betResultCash } from '../../entities/bet/betResult';
import { BetDetailSheet } from '../../widgets/BetDetailSheet';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { inputClass } from '../../ui/Field';
import { FilterBar } from '../../ui/FilterBar';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { Loaded } from '../../widgets/Loaded';
import { ResultLabel, SignedMoney, useCategoryNames } from './labels';
import { betListQueryOptions, defaultBetFilter, vendorGroupsQueryOptions, type BetFilter } from '../../entities/bet/historyQueries';
import { useCaller } from '../../lib/caller';
import css from './BetHistory.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof betCalls.betlist>['list'][number];

/** The player's own bets: category, vendor and day filters; cards on phones, a table on wide screens. */
export function BetHistory() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const names = useCategoryNames();
  const [filter, setFilter] = useState<BetFilter>(defaultBetFilter);
  const [open, setOpen] = useState<Row | null>(null);
  const query = useQuery(betListQueryOptions(api, prefix, caller.memId, filter));
  const groups = useQuery(vendorGroupsQueryOptions(api, prefix));
  const vendors = (groups.data ?? []).filter((g) => !filter.category || g.groupCode === filter.category).flatMap((g) => g.vendors);
  const set = (patch: Partial<BetFilter>) => setFilter((f) => ({ ...f, page: 1, ...patch }));

  const detailButton = (r: Row) => (
    <button type="button" className={css.detail} onClick={() => setOpen(r)}>
      <Trans>상세</Trans>
    </button>
  );
  const columns: Column<Row>[] = [
    { key: 'date', label: t`베팅일시`, render: (r) => r.regDate },
    { key: 'cat', label: t`게임종류`, render: (r) => names[r.gameCategory] ?? r.gameCategory },
    { key: 'game', label: t`게임`, render: (r) => `${r.vendorName} · ${r.gameName}` },
    { key: 'cash', label: t`베팅금액`, numeric: true, render: (r) => <Money value={r.cash} /> },
    { key: 'win', label: t`당첨금액`, numeric: true, render: (r) => <Money value={r.winCash} /> },
    { key: 'result', label: t`결과금액`, numeric: true, render: (r) => <SignedMoney value={betResultCash(r)} /> },
    { key: 'label', label: t`결과`, render: (r) => <ResultLabel type={r.type} /> },
    { key: 'detail', label: t`상세`, render: detailButton },
  ];

  return (
    <div className={css.page} data-testid="bet-history">
      <h1 className={css.title}>
        <Trans>베팅내역</Trans>
      </h1>
      <FilterBar>
        <select className={inputClass} aria-label={t`게임종류`} value={filter.category} onChange={(e) => set({ category: e.target.value, vendor: '' })}>
          <option value="">{t`전체 게임`}</option>
          {gameCategories.map((c) => (
            <option key={c} value={c}>
              {names[c]}
            </option>
          ))}
        </select>
        <select className={inputClass} aria-label={t`게임사`} value={filter.vendor} onChange={(e) => set({ vendor: e.target.value })}>
          <option value="">{t`전체 게임사`}</option>
          {vendors.map((v) => (
            <option key={v.vendorCode} value={v.vendorCode}>
              {v.vendorName}
            </option>
          ))}
        </select>
        <DateRangeFilter value={filter.range} onChange={(range) => set({ range })} />
      </FilterBar>
      <Loaded query={query}>
        {(d) => (
          <DataList
            rows={d.list}
            columns={columns}
            rowKey={(r) => r.betIdx}
            card={(r) => (
              <button type="button" className={css.card} onClick={() => setOpen(r)} data-testid="bet-card">
                <span className={css.cardTop}>
                  <strong className={css.cardGame}>{r.gameName}</strong>
                  <ResultLabel type={r.type} />
                </span>
                <span className={css.cardMeta}>
                  {names[r.gameCategory] ?? r.gameCategory} · {r.vendorName} · {r.regDate}
                </span>
                <span className={css.cardMoney}>
                  <span>
                    <small>
                      <Trans>베팅</Trans>
                    </small>{' '}
                    <Money value={r.cash} />
                  </span>
                  <span>
                    <small>
                      <Trans>당첨</Trans>
                    </small>{' '}
                    <Money value={r.winCash} />
                  </span>
                  <SignedMoney value={betResultCash(r)} />
                </span>
              </button>
            )}
          />
        )}
      </Loaded>
      {query.data && <Pager info={query.data.pageInfo} onPage={(page) => setFilter((f) => ({ ...f, page }))} />}
      <BetDetailSheet betId={open?.betIdx ?? null} title={open ? `${open.vendorName} · ${open.gameName}` : undefined} onClose={() => setOpen(null)} />
    </div>
  );
}
