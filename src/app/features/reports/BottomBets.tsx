import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { betCalls } from '../../../contract/bet';
import { categoryName, resultName } from '../../entities/bet/betCodes';
import { BottomSheet } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { inputClass } from '../../ui/Field';
import { Check, FilterBar } from '../../ui/FilterBar';
import { Money } from '../../widgets/Money';
import { Pager } from '../../ui/Pager';
import { Signed } from '../../widgets/Signed';
import { Tabs } from '../../ui/Tabs';
import { useGameGroups } from './groups';
import { bottomBetQueryOptions, todayRange, type BottomBetFilter } from '../../entities/report/settlementQueries';
import { useCaller } from '../../lib/caller';
import css from './Settlement.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof betCalls.bottomBetList>['list'][number];

/** The members' bet list under a settlement row: opens on today, the first group and its first vendor. */
export function BottomBets({ memId, onClose }: { memId: string | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <BottomSheet open={memId != null} title={t`${memId ?? ''} 회원 베팅 내역`} onClose={onClose}>
      {memId && <Panel key={memId} memId={memId} onClose={onClose} />}
    </BottomSheet>
  );
}

function Panel({ memId, onClose }: { memId: string; onClose: () => void }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const groups = useGameGroups();
  const first = groups[0];
  const [f, setF] = useState<Omit<BottomBetFilter, 'category' | 'vendor'> & { category: string | null; vendor: string | null }>({
    memId,
    range: todayRange(),
    old: false,
    category: null,
    vendor: null,
    page: 1,
  });
  const category = f.category ?? first?.groupCode ?? '';
  const vendors = groups.find((g) => g.groupCode === category)?.vendors ?? [];
  const vendor = f.vendor ?? vendors[0]?.vendorCode ?? '';
  const q = useQuery({ ...bottomBetQueryOptions(api, prefix, caller.memId, { ...f, category, vendor }), enabled: !!category });
  const set = (p: Partial<typeof f>) => setF((o) => ({ ...o, page: 1, ...p }));
  const columns: Column<Row>[] = [
    { key: 'who', label: t`아이디`, render: (r) => r.memId },
    { key: 'game', label: t`게임`, render: (r) => r.gameName },
    { key: 'bet', label: t`베팅금`, numeric: true, render: (r) => <Money value={r.cash} /> },
    { key: 'win', label: t`당첨금`, numeric: true, render: (r) => <Money value={r.winCash} /> },
    { key: 'profit', label: t`손익`, numeric: true, render: (r) => <Signed value={r.winCash - r.cash} /> },
    { key: 'result', label: t`결과`, render: (r) => resultName(r.type) },
    { key: 'at', label: t`시간`, render: (r) => r.createdAt },
  ];
  return (
    <div className={css.panel} data-testid="bottom-bets">
      <FilterBar summary={[rangeSummary(f.range), f.old && t`과거 데이터 포함`]}>
        <DateRangeFilter value={f.range} onChange={(range) => set({ range })} quick={[]} />
        <Check label={<Trans>과거 데이터 포함</Trans>} checked={f.old} onChange={(e) => set({ old: e.target.checked })} />
      </FilterBar>
      <Tabs tabs={groups.map((g) => ({ key: g.groupCode as string, label: categoryName(g.groupCode) }))} value={category} onChange={(c) => set({ category: c, vendor: null })} />
      <select className={inputClass} aria-label={t`게임사`} value={vendor} onChange={(e) => set({ vendor: e.target.value })}>
        {vendors.map((v) => (
          <option key={v.vendorCode} value={v.vendorCode}>
            {v.vendorName}
          </option>
        ))}
      </select>
      {!q.isPending && <DataList rows={q.data?.list ?? []} columns={columns} rowKey={(r) => r.betIdx} empty={<Trans>베팅 내역이 없습니다.</Trans>} />}
      {q.data && <Pager info={q.data.pageInfo} onPage={(page) => setF((o) => ({ ...o, page }))} />}
      <Button block onClick={onClose}>
        <Trans>닫기</Trans>
      </Button>
    </div>
  );
}
