import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { categoryName } from '../bet/betCodes';
import { useRateDraft } from './rateDraft';
import { lockedUntil } from './rateInput';
import { detailRateQueryOptions, useSaveCategoryRates, type RollingRow } from './rates';
import { Button } from '../../ui/Button';
import { Empty } from '../../ui/Empty';
import { RateDetailSheet } from './RateDetailSheet';
import { RateInput } from './RateInput';
import css from '../../ui/Rates.module.css';
import { apiMessage } from '../../lib/apiMessage';
import { useApi } from '../../lib/useApi';

/** The detail screen's rate tab: rolling and losing per category with min/max shortcuts, one save. */
export function RateTab({ prefix, me, memId, editable }: { prefix: string; me: string; memId: string; editable: boolean }) {
  const api = useApi();
  const q = useQuery(detailRateQueryOptions(api, prefix, me, memId));
  const saveRates = useSaveCategoryRates(prefix, me);
  if (q.isPending) return <p>…</p>;
  if (q.isError) return <Empty>{q.error.message || apiMessage(q.error)}</Empty>;
  return <RateTable key={q.dataUpdatedAt} rows={q.data.memRollingInfo} save={(list) => saveRates(memId, list)} memId={memId} editable={editable} />;
}

function RateTable({
  rows,
  save,
  memId,
  editable,
}: {
  rows: RollingRow[];
  save: (l: { category: string; pointRate: string; loseRate: string }[]) => Promise<boolean>;
  memId: string;
  editable: boolean;
}) {
  const { t } = useLingui();
  const draft = useRateDraft(rows);
  const [detail, setDetail] = useState<string | null>(null);
  const field = (r: RollingRow, f: 'pointRate' | 'loseRate', min: number, max: number, label: string, locked: boolean) => (
    <div className={css.shortcut}>
      <button type="button" className={css.bound} disabled={!editable || locked} onClick={() => draft.set(r.category, f, String(min), false)}>
        <Trans>최소</Trans>
      </button>
      <RateInput
        label={label}
        name={`${r.category}.${f}`}
        value={draft.get(r.category)[f]}
        min={min}
        max={max}
        disabled={!editable || locked}
        onChange={(v, bad) => draft.set(r.category, f, v, bad)}
      />
      <button type="button" className={css.bound} disabled={!editable || locked} onClick={() => draft.set(r.category, f, String(max), false)}>
        <Trans>최대</Trans>
      </button>
    </div>
  );
  return (
    <div className={css.tab} data-testid="rate-tab">
      <ul className={css.catList}>
        {rows.map((r) => {
          const until = lockedUntil(r);
          return (
            <li key={r.category} className={css.catRow} data-category={r.category}>
              <div className={css.catHead}>
                <strong>{categoryName(r.category)}</strong>
                {r.detailSetYn === 'Y' && (
                  <button type="button" className={css.bound} onClick={() => setDetail(r.category)}>
                    <Trans>상세 설정</Trans>
                  </button>
                )}
              </div>
              <label className={css.pairLabel}>
                <span>
                  <Trans>롤링 %</Trans>
                </span>
                {field(r, 'pointRate', r.minPointRate, r.maxPointRate, t`${categoryName(r.category)} 롤링`, !!until)}
              </label>
              <label className={css.pairLabel}>
                <span>
                  <Trans>루징 %</Trans>
                </span>
                {field(r, 'loseRate', r.minLoseRate, r.maxLoseRate, t`${categoryName(r.category)} 루징`, !!until)}
              </label>
              {until && (
                <p className={css.lock} data-testid="rate-lock">
                  <Trans>{until}까지 변경할 수 없습니다 (변경 후 하루).</Trans>
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {editable && (
        <Button variant="primary" disabled={draft.blocked || draft.changed.length === 0} onClick={() => void save(draft.list())}>
          <Trans>저장</Trans>
        </Button>
      )}
      <RateDetailSheet memId={memId} category={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
