import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format';
import { Money } from '../../widgets/Money';
import { Signed } from '../../widgets/Signed';
import css from './Statistics.module.css';

export interface DayFigures {
  betCnt: number;
  betAmt: number;
  winAmt: number;
  rollingAmt: number;
  losingAmt?: number;
  betResultAmt: number;
}

/** The period's sums over every page: the first thing a daily report says. */
export function PeriodTotals({ total, losing = true }: { total?: DayFigures; losing?: boolean }) {
  if (!total) return null;
  return (
    <section className={css.totals} aria-label="total" data-testid="period-total">
      <div className={css.totalsHead}>
        <span>
          <Trans>기간 합계</Trans>
        </span>
        <strong className={css.totalsResult}>
          <Signed value={total.betResultAmt} />
        </strong>
      </div>
      <dl className={css.totalsGrid}>
        <div>
          <dt>
            <Trans>베팅</Trans>
          </dt>
          <dd>
            <Money value={total.betAmt} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>당첨</Trans>
          </dt>
          <dd>
            <Money value={total.winAmt} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>롤링</Trans>
          </dt>
          <dd>
            <Money value={total.rollingAmt} />
          </dd>
        </div>
        {losing ? (
          <div>
            <dt>
              <Trans>루징</Trans>
            </dt>
            <dd>
              <Money value={total.losingAmt ?? 0} />
            </dd>
          </div>
        ) : (
          <div>
            <dt>
              <Trans>베팅 수</Trans>
            </dt>
            <dd>{formatNumber(total.betCnt)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** One day of a daily report as one compact row: the day and who, the result, then the figures in one muted line. */
export function DayRow({ day, who, f }: { day: string; who: ReactNode; f: DayFigures }) {
  return (
    <div className={css.dayRow} data-testid="day-row">
      <span className={css.dayHead}>
        <time className={css.dayDate}>{day.slice(5)}</time>
        <span className={css.dayWho}>{who}</span>
      </span>
      <strong className={css.dayResult}>
        <Signed value={f.betResultAmt} />
      </strong>
      <span className={css.dayFigures}>
        <Trans>
          베팅 <Money value={f.betAmt} />
        </Trans>{' '}
        ·{' '}
        <Trans>
          당첨 <Money value={f.winAmt} />
        </Trans>{' '}
        ·{' '}
        <Trans>
          롤링 <Money value={f.rollingAmt} />
        </Trans>
        {f.losingAmt !== undefined && (
          <>
            {' '}
            ·{' '}
            <Trans>
              루징 <Money value={f.losingAmt} />
            </Trans>
          </>
        )}
      </span>
    </div>
  );
}
