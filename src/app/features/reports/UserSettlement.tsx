import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { statsCalls } from '../../../contract/stats';
import { openRateModal } from '../../entities/rate/rateModal';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { inputClass } from '../../ui/Field';
import { Check, FilterBar } from '../../ui/FilterBar';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { Signed } from '../../widgets/Signed';
import { defaultUserCalcFilter, userCalcQueryOptions, type UserCalcFilter, type UserOrder } from '../../entities/report/settlementQueries';
import { SettleTabs } from './SettleTabs';
import { Summary } from './Summary';
import { useCaller } from '../../lib/caller';
import { useApi } from '../../lib/useApi';
import css from './Settlement.module.css';

type Row = ResOf<typeof statsCalls.reportByUser>['searchList'][number];

/** partnerCalculationUserList (user totals): settlement per player of the subtree. */
export function UserSettlement() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [f, setF] = useState<UserCalcFilter>(defaultUserCalcFilter);
  const [draft, setDraft] = useState({ searchType: f.searchType, word: '' });
  const q = useQuery(userCalcQueryOptions(api, prefix, caller.memId, f));
  const set = (p: Partial<UserCalcFilter>) => setF((o) => ({ ...o, page: 1, ...p }));
  const orders: { key: UserOrder; label: string }[] = [
    { key: 'BET_DESC', label: t`베팅금 많은순` },
    { key: 'BET_ASC', label: t`베팅금 적은순` },
    { key: 'WIN_DESC', label: t`당첨금 많은순` },
    { key: 'WIN_ASC', label: t`당첨금 적은순` },
    { key: 'ID_ASC', label: t`아이디순` },
  ];
  const columns: Column<Row>[] = [
    {
      key: 'who',
      label: t`아이디(닉네임)`,
      render: (r) => (
        <>
          {r.memId} <small>({r.memNick})</small>
        </>
      ),
    },
    { key: 'upper', label: t`상위`, render: (r) => r.recommenderId },
    { key: 'in', label: t`입금`, numeric: true, render: (r) => <Money value={r.userCashIn} /> },
    { key: 'out', label: t`출금`, numeric: true, render: (r) => <Money value={r.userCashOut} /> },
    { key: 'cnt', label: t`베팅 수`, numeric: true, render: (r) => r.betCnt.toLocaleString('en-US') },
    { key: 'bet', label: t`베팅`, numeric: true, render: (r) => <Money value={r.betAmt} /> },
    { key: 'win', label: t`당첨`, numeric: true, render: (r) => <Money value={r.betAmtWin} /> },
    { key: 'rolling', label: t`롤링`, numeric: true, render: (r) => <Money value={r.rollingAmt} unit="point" /> },
    { key: 'result', label: t`윈루즈`, numeric: true, render: (r) => <Signed value={r.betResultAmt} /> },
    { key: 'cash', label: t`보유머니`, numeric: true, render: (r) => <Money value={r.cashAmt} /> },
    {
      key: 'rate',
      label: t`요율`,
      render: (r) => (
        <button type="button" className={css.small} onClick={() => openRateModal(r.memId)}>
          <Trans>요율</Trans>
        </button>
      ),
    },
  ];
  return (
    <div className={css.page} data-testid="user-settlement">
      <h1 className={css.title}>
        <Trans>정산</Trans>
      </h1>
      <SettleTabs current="user" />
      <FilterBar
        onSubmit={() => set({ searchType: draft.searchType, word: draft.word.trim() })}
        summary={[rangeSummary(f.range), f.old && t`과거 데이터`, orders.find((o) => o.key === f.order)?.label, f.word]}
      >
        <DateRangeFilter value={f.range} onChange={(range) => set({ range })} />
        <Check label={<Trans>과거 데이터</Trans>} checked={f.old} onChange={(e) => set({ old: e.target.checked })} />
        <select className={inputClass} aria-label={t`정렬`} value={f.order} onChange={(e) => set({ order: e.target.value as UserOrder })}>
          {orders.map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))}
        </select>
        <select
          className={inputClass}
          aria-label={t`검색 항목`}
          value={draft.searchType}
          onChange={(e) => setDraft((d) => ({ ...d, searchType: e.target.value as UserCalcFilter['searchType'] }))}
        >
          <option value="memId">{t`회원 아이디`}</option>
          <option value="recommenderId">{t`상위 아이디`}</option>
        </select>
        <input
          className={inputClass}
          type="search"
          aria-label={t`검색어`}
          placeholder={t`검색어`}
          value={draft.word}
          onChange={(e) => setDraft((d) => ({ ...d, word: e.target.value }))}
        />
        <Button type="submit" variant="primary">
          <Trans>검색</Trans>
        </Button>
      </FilterBar>
      <SeenAt query={q} />
      {q.data && <Summary total={q.data.searchTotal} />}
      {!q.isPending && <DataList rows={q.data?.searchList ?? []} columns={columns} rowKey={(r) => r.memId} empty={<Trans>검색된 내역이 없습니다.</Trans>} />}
      {q.data && <Pager info={q.data.pageInfo} onPage={(page) => setF((o) => ({ ...o, page }))} />}
    </div>
  );
}
