import { t } from '@lingui/core/macro';
import { formatMoney, type MoneyUnit } from '../../lib/format';
import { session } from '../../lib/session/store';

/**
 * The one way an amount reads on screen: separators and the site's cashDecimal (formatMoney),
 * then its unit from the catalogue (원 for money, P for points). Inputs and charts use formatMoney.
 */
export function moneyText(amount: number | null | undefined, unit: MoneyUnit = 'cash', cashDecimal = session.site?.cashDecimal ?? 1): string {
  const shown = formatMoney(amount, cashDecimal);
  if (unit === 'cash') return t`${shown}원`;
  if (unit === 'point') return t`${shown}P`;
  return shown;
}
