import { useLingui } from '@lingui/react';
import { gameCategories } from '../../../contract/gameConcepts';
import { categoryName, resultName } from '../../entities/bet/betCodes';
import { betResultLabel } from '../../entities/bet/betResult';
import { Money } from '../../widgets/Money';
import css from './BetHistory.module.css';

export function useCategoryNames(): Record<string, string> {
  // subscribes to the active language; the names come from the one label map
  useLingui();
  return Object.fromEntries(gameCategories.map((c) => [c, categoryName(c)]));
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
