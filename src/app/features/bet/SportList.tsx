import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { BetDetailSheet } from '../../widgets/BetDetailSheet';
import { Button } from '../../ui/Button';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { Empty } from '../../ui/Empty';
import { Check, FilterBar } from '../../ui/FilterBar';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { ResultSelect, SearchFields } from './BetFilters';
import { defaultSportFilter, sportListQueryOptions, sportOrders, type SportFilter, type SportOrder } from '../../entities/bet/subtreeQueries';
import { groupBets } from './sport';
import { SportBetCard } from './SportBetCard';
import { useCaller } from '../../lib/caller';
import css from './Betting.module.css';
import { useApi } from '../../lib/useApi';

/** bettingListSport: sports bets of everyone below, grouped per bet with their legs. */
export function SportList() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [f, setF] = useState<SportFilter>(defaultSportFilter);
  const [draft, setDraft] = useState({ searchType: f.searchType, word: f.word });
  const [detail, setDetail] = useState<number | null>(null);
  const query = useQuery(sportListQueryOptions(api, prefix, caller.memId, f));
  const bets = groupBets(query.data?.list ?? []);
  const set = (p: Partial<SportFilter>) => setF((o) => ({ ...o, page: 1, ...p }));
  const names: Record<(typeof sportOrders)[number], string> = { betAmt: t`베팅금`, betWinAmt: t`당첨금`, betDate: t`베팅시간`, eventDate: t`경기시간` };

  return (
    <div className={css.page} data-testid="sport-list" data-count={bets.length}>
      <div className={css.head}>
        <h1 className={css.title}>
          <Trans>스포츠 베팅 내역</Trans>
        </h1>
        <Link to="/$prefix/bettingList" params={{ prefix }} className={css.link}>
          <Trans>카지노/슬롯 베팅 내역</Trans> ›
        </Link>
      </div>
      <FilterBar onSubmit={() => set({ searchType: draft.searchType, word: draft.word.trim() })}>
        <DateRangeFilter value={f.range} onChange={(range) => set({ range })} />
        <Check label={<Trans>과거 데이터</Trans>} checked={f.old} onChange={(e) => set({ old: e.target.checked })} />
        <ResultSelect value={f.result} onChange={(result) => set({ result })} />
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
      <div className={css.sortPairs} role="group" aria-label={t`정렬`}>
        {sportOrders.map((col) => (
          <div key={col} className={css.sortPair}>
            <span>{names[col]}</span>
            {(['desc', 'asc'] as const).map((dir) => {
              const key = `${col}:${dir}` as SportOrder;
              return (
                <button
                  key={dir}
                  type="button"
                  aria-pressed={f.order === key}
                  onClick={() => set({ order: key })}
                  aria-label={`${names[col]} ${dir === 'desc' ? t`내림차순` : t`오름차순`}`}
                >
                  {dir === 'desc' ? '▼' : '▲'}
                </button>
              );
            })}
          </div>
        ))}
      </div>
      <SeenAt query={query} />
      {!query.isPending &&
        (bets.length === 0 ? (
          <Empty>
            <Trans>검색된 내역이 없습니다.</Trans>
          </Empty>
        ) : (
          <div className={css.sportBets}>
            {bets.map((b) => (
              <SportBetCard key={b.key} bet={b} onDetail={setDetail} />
            ))}
          </div>
        ))}
      {query.data && <Pager info={query.data.pageInfo} onPage={(page) => setF((o) => ({ ...o, page }))} />}
      <BetDetailSheet betId={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
