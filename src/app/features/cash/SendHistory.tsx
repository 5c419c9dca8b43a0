import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { retailCalls } from '../../../contract/retail';
import { cashTypeName } from '../../entities/cash/codeNames';
import { sendRowKey, useFresh } from '../../entities/cash/freshRow';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { FilterBar } from '../../ui/FilterBar';
import { inputClass } from '../../ui/Field';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { SeenAt } from '../../widgets/SeenAt';
import { PartnerTree } from './PartnerTree';
import { defaultSendFilter, sendListQueryOptions, type SendFilter } from '../../entities/cash/transferQueries';
import { useCaller } from '../../lib/caller';
import css from './RetailCash.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof retailCalls.cashSendlist>['list'][number];

/** Tab 2: gives ('-3', blue) and retrieves ('3', red) with their status in words and the member's balances. */
export function SendHistory() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [f, setF] = useState<SendFilter>(defaultSendFilter);
  const [searchType, setSearchType] = useState<'bot' | 'top'>('bot');
  const [word, setWord] = useState('');
  const query = useQuery(sendListQueryOptions(api, prefix, caller.memId, f));
  const freshKey = useFresh('moneyMove');
  const fresh = f.page === 1 ? query.data?.list.find((r) => sendRowKey(r.cashType, r.botMemId, r.cashAmt) === freshKey)?.cashIdx : undefined;
  const set = (p: Partial<SendFilter>) => setF((o) => ({ ...o, page: 1, ...p }));
  const search = () => set(searchType === 'bot' ? { botMemId: word.trim(), topMemId: f.topMemId } : { topMemId: word.trim(), botMemId: '' });

  const columns: Column<Row>[] = [
    { key: 'date', label: t`일시`, render: (r) => r.regDate },
    { key: 'top', label: t`지급자`, render: (r) => r.topMemId },
    { key: 'id', label: t`아이디`, render: (r) => r.botMemId },
    { key: 'nick', label: t`닉네임`, render: (r) => r.botMemNick },
    {
      key: 'type',
      label: t`구분`,
      render: (r) => <span className={r.cashType === '-3' ? css.give : css.retrieve}>{r.cashType === '-3' ? t`지급` : t`회수`}</span>,
    },
    // the balances of the member the row names, as a bank statement shows the account's own
    { key: 'pre', label: t`이전 머니`, numeric: true, render: (r) => <Money value={r.botPreCashAmt} /> },
    {
      key: 'amt',
      label: t`금액`,
      numeric: true,
      render: (r) => (
        <span className={r.cashType === '-3' ? css.give : css.retrieve}>
          <Money value={Math.abs(r.cashAmt)} />
        </span>
      ),
    },
    { key: 'aft', label: t`이후 머니`, numeric: true, render: (r) => <Money value={r.botAftCashAmt} /> },
    {
      key: 'status',
      label: t`상태`,
      render: (r) => (
        <span className={r.cashStatus === '1' ? css.ok : css.fail} data-testid="send-status">
          {r.cashStatus === '1' ? t`완료` : t`실패`}
        </span>
      ),
    },
    { key: 'memo', label: t`메모`, render: (r) => r.memo || '-' },
  ];

  return (
    <div className={css.split}>
      <PartnerTree selected={f.topMemId || null} onSelect={(id) => set({ topMemId: id ?? '' })} />
      <div className={css.page}>
        <FilterBar onSubmit={search} summary={[rangeSummary(f.range), f.botMemId, f.topMemId]}>
          <DateRangeFilter value={f.range} onChange={(range) => set({ range })} />
          <select className={inputClass} aria-label={t`처리 상태`} value={f.cashStatus} onChange={(e) => set({ cashStatus: e.target.value as SendFilter['cashStatus'] })}>
            <option value="">{t`전체 상태`}</option>
            <option value="1">{t`완료`}</option>
            <option value="0">{t`실패`}</option>
          </select>
          <select className={inputClass} aria-label={t`구분`} value={f.cashType} onChange={(e) => set({ cashType: e.target.value as SendFilter['cashType'] })}>
            <option value="">{t`지급/회수 전체`}</option>
            <option value="-3">{cashTypeName(-3)}</option>
            <option value="3">{cashTypeName(3)}</option>
          </select>
          <select className={inputClass} aria-label={t`검색 항목`} value={searchType} onChange={(e) => setSearchType(e.target.value as 'bot' | 'top')}>
            <option value="bot">{t`회원 아이디`}</option>
            <option value="top">{t`상위 아이디`}</option>
          </select>
          <input className={inputClass} aria-label={t`검색어`} value={word} onChange={(e) => setWord(e.target.value)} />
          <Button type="submit" variant="primary">
            <Trans>검색</Trans>
          </Button>
        </FilterBar>
        <SeenAt query={query} />
        {!query.isPending && <DataList rows={query.data?.list ?? []} columns={columns} rowKey={(r) => r.cashIdx} fresh={fresh} />}
        {query.data && <Pager info={query.data.pageInfo} onPage={(page) => setF((o) => ({ ...o, page }))} />}
      </div>
    </div>
  );
}
