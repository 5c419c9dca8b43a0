import { useLingui } from '@lingui/react/macro';
import { resultName } from '../../lib/betCodes';
import { betResultLabel } from '../../lib/betResult';
import { Money } from '../../widgets/Money';
import css from './BetHistory.module.css';

export function useCategoryNames(): Record<string, string> {
  const { t } = useLingui();
  return { casino: t`라이브카지노`, hcasino: t`호텔카지노`, slot: t`슬롯`, sport: t`스포츠`, mini: t`미니게임` };
}

export function ResultLabel({ type }: { type: string }) {
  // the label keys the colour; the text is the catalogue's name of the result
  return (
    <span className={`${css.label} ${css[betResultLabel(type)]}`} data-testid="bet-result" data-type={type}>
      {resultName(type)}
    </span>
  );
}

/** Profit red, loss blue, as the back-office colours them. */
export function SignedMoney({ value }: { value: number }) {
  return (
    <span className={value > 0 ? css.plus : value < 0 ? css.minus : undefined}>
      {value > 0 ? '+' : ''}
      <Money value={value} />
    </span>
  );
}
