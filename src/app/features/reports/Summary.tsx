import { Trans } from '@lingui/react/macro';
import { Money } from '../../widgets/Money';
import { Signed } from '../../widgets/Signed';
import css from './Settlement.module.css';

interface Totals {
  userCashIn: number;
  userCashOut: number;
  userCashResultAmt: number;
  betAmt: number;
  betAmtWin: number;
  betResultAmt: number;
}

/** The summary strip: deposit, withdrawal, their difference, bet, win and win/lose. */
export function Summary({ total }: { total: Totals }) {
  return (
    <dl className={css.summary} data-testid="settle-summary" data-bet={total.betAmt}>
      <div>
        <dt>
          <Trans>입금</Trans>
        </dt>
        <dd>
          <Money value={total.userCashIn} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>출금</Trans>
        </dt>
        <dd>
          <Money value={total.userCashOut} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>입금-출금</Trans>
        </dt>
        <dd>
          <Signed value={total.userCashResultAmt} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>베팅</Trans>
        </dt>
        <dd data-testid="settle-bet">
          <Money value={total.betAmt} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>당첨</Trans>
        </dt>
        <dd>
          <Money value={total.betAmtWin} />
        </dd>
      </div>
      <div>
        <dt>
          <Trans>윈루즈</Trans>
        </dt>
        <dd>
          <Signed value={total.betResultAmt} />
        </dd>
      </div>
    </dl>
  );
}
