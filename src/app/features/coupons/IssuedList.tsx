import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import { couponCalls, couponStatuses, type CouponStatus } from '../../../contract/coupon';
import { useCaller } from '../../lib/caller';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { DateRangeFilter, rangeSummary } from '../../ui/DateRangeFilter';
import { inputClass } from '../../ui/Field';
import { FilterBar } from '../../ui/FilterBar';
import { Pager } from '../../ui/Pager';
import { Money } from '../../widgets/Money';
import { SeenAt } from '../../widgets/SeenAt';
import type { Issuer } from './CouponIssueForm';
import { defaultIssuedFilter, issuedQueryOptions, type IssuedFilter } from '../../entities/coupon/queries';
import css from './Coupons.module.css';
import { useApi } from '../../lib/useApi';

type Row = ResOf<typeof couponCalls.adminList>['list'][number];

/** The coupons an issuer gave out: by status, member and issue day, with counts and amounts per status over the filter. */
export function IssuedList({ by }: { by: Issuer }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [f, setF] = useState<IssuedFilter>(defaultIssuedFilter);
  const [word, setWord] = useState('');
  const q = useQuery(issuedQueryOptions(api, prefix, caller.memId, by, f));
  const set = (p: Partial<IssuedFilter>) => setF((o) => ({ ...o, page: 1, ...p }));
  const statusName: Record<CouponStatus | '', string> = { '': t`전체 상태`, open: t`미사용`, used: t`사용 완료`, expired: t`기간 만료` };
  const sums = q.data?.sums;

  const when = (r: Row) =>
    r.status === 'used' ? t`${(r.closeDate ?? '').slice(0, 16)} 사용` : r.status === 'expired' ? t`${r.expireDate.slice(0, 16)} 만료` : t`${r.expireDate.slice(0, 16)}까지`;
  const columns: Column<Row>[] = [
    { key: 'no', label: t`번호`, render: (r) => r.couponIdx },
    { key: 'reg', label: t`발급일시`, render: (r) => r.regDate.slice(0, 16) },
    { key: 'mem', label: t`회원`, render: (r) => `${r.memId} (${r.memNick})` },
    ...(by === 'operator' ? [{ key: 'issuer', label: t`발급자`, render: (r: Row) => r.issuerId }] : []),
    { key: 'amt', label: t`금액`, numeric: true, render: (r) => <Money value={r.couponAmt} /> },
    { key: 'status', label: t`상태`, render: (r) => <span className={css[r.status]}>{statusName[r.status]}</span> },
    { key: 'when', label: t`기한·처리`, render: (r) => when(r) },
    { key: 'memo', label: t`메모`, render: (r) => r.memo || '-' },
  ];
  const card = (r: Row) => (
    <div className={css.icard} data-testid="issued-coupon">
      <div className={css.itop}>
        <span className={css.iwho}>
          {r.memId} <small>{r.memNick}</small>
        </span>
        <strong className={css.iamt}>
          <Money value={r.couponAmt} />
        </strong>
      </div>
      <div className={css.imeta}>
        <span className={css[r.status]} data-testid="issued-status">
          {statusName[r.status]}
        </span>{' '}
        · {when(r)}
      </div>
      <div className={css.imeta}>
        {t`${r.regDate.slice(0, 16)} 발급`}
        {by === 'operator' && <> · {r.issuerId}</>}
        {r.memo && <> · {r.memo}</>}
      </div>
    </div>
  );

  return (
    <section className={css.issued} data-testid="issued-list" aria-label={t`발급 내역`}>
      <h2 className={css.subtitle}>
        <Trans>발급 내역</Trans>
      </h2>
      <FilterBar onSubmit={() => set({ memId: word.trim() })} summary={[statusName[f.status], rangeSummary(f.range), f.memId]}>
        <select
          className={inputClass}
          aria-label={t`상태`}
          value={f.status}
          onChange={(e) => set({ status: e.target.value as IssuedFilter['status'] })}
          data-testid="issued-status-filter"
        >
          {(['', ...couponStatuses] as const).map((s) => (
            <option key={s} value={s}>
              {statusName[s]}
            </option>
          ))}
        </select>
        <DateRangeFilter value={f.range} onChange={(range) => set({ range })} />
        <input className={inputClass} aria-label={t`회원 아이디`} placeholder={t`회원 아이디`} value={word} onChange={(e) => setWord(e.target.value)} data-testid="issued-member" />
        <Button type="submit" variant="primary">
          <Trans>검색</Trans>
        </Button>
      </FilterBar>
      {sums && (
        <dl className={css.sums} data-testid="issued-sums">
          {(['open', 'used', 'expired'] as const).map((s) => (
            <div key={s}>
              <dt>{statusName[s]}</dt>
              <dd>
                <span>
                  <Trans>{sums[s]}장</Trans>
                </span>
                <Money value={sums[`${s}Amt`]} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <SeenAt query={q} />
      {!q.isPending && <DataList rows={q.data?.list ?? []} columns={columns} rowKey={(r) => r.couponIdx} card={card} empty={<Trans>발급한 쿠폰이 없습니다.</Trans>} />}
      {q.data && <Pager info={q.data.pageInfo} onPage={(page) => setF((o) => ({ ...o, page }))} />}
    </section>
  );
}
