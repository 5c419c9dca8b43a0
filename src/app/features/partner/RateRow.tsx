import { Trans, useLingui } from '@lingui/react/macro';
import { categoryName } from '../../entities/bet/betCodes';
import { useRateDraft } from '../../entities/rate/rateDraft';
import { lockedUntil } from '../../entities/rate/rateInput';
import type { RollingRow } from '../../entities/rate/rates';
import { Button } from '../../ui/Button';
import { RateInput } from '../../entities/rate/RateInput';
import css from './Rates.module.css';

export interface Downline {
  memId: string;
  memNick: string;
  partnerLevelName: string;
  botRateInfo: RollingRow[];
}

/** One direct downline member: rolling and losing per category, its own Save, detail settings where offered. */
export function RateRow({
  m,
  categories,
  onSave,
  onDetail,
}: {
  m: Downline;
  categories: string[];
  onSave: (memId: string, list: { category: string; pointRate: string; loseRate: string }[]) => Promise<boolean>;
  onDetail: (memId: string, category: string) => void;
}) {
  const { t } = useLingui();
  const draft = useRateDraft(m.botRateInfo);
  const byCat = new Map(m.botRateInfo.map((r) => [r.category, r]));
  const locks = m.botRateInfo.map(lockedUntil).filter(Boolean) as string[];
  return (
    <tr className={css.row} data-testid="rate-row" data-mem={m.memId}>
      <th scope="row" className={css.who}>
        <strong>{m.memId}</strong> <span className={css.muted}>{m.memNick}</span>
        <span className={css.level}>{m.partnerLevelName}</span>
      </th>
      {categories.map((c) => {
        const r = byCat.get(c);
        if (!r) return <td key={c} />;
        const locked = !!lockedUntil(r);
        const name = categoryName(c);
        return (
          <td key={c} className={css.cell} data-label={name}>
            <span className={css.cellName}>
              {name}{' '}
              <small>
                <Trans>롤링 / 루징 %</Trans>
              </small>
            </span>
            <span className={css.pair}>
              <RateInput
                label={t`${m.memId} ${name} 롤링`}
                name={`${c}.pointRate`}
                value={draft.get(c).pointRate}
                min={r.minPointRate}
                max={r.maxPointRate}
                disabled={locked}
                onChange={(v, bad) => draft.set(c, 'pointRate', v, bad)}
              />
              <RateInput
                label={t`${m.memId} ${name} 루징`}
                name={`${c}.loseRate`}
                value={draft.get(c).loseRate}
                min={r.minLoseRate}
                max={r.maxLoseRate}
                disabled={locked}
                onChange={(v, bad) => draft.set(c, 'loseRate', v, bad)}
              />
            </span>
            {r.detailSetYn === 'Y' && (
              <button type="button" className={css.detailButton} onClick={() => onDetail(m.memId, c)}>
                <Trans>상세</Trans>
              </button>
            )}
          </td>
        );
      })}
      <td className={css.actions}>
        {locks.length > 0 && (
          <small className={css.lock} data-testid="rate-lock">
            <Trans>{locks[0]}까지 잠김</Trans>
          </small>
        )}
        <Button variant="primary" className={css.save} disabled={draft.blocked || draft.changed.length === 0} onClick={() => void onSave(m.memId, draft.list())}>
          <Trans>저장</Trans>
        </Button>
      </td>
    </tr>
  );
}
