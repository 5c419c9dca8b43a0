import { useSnapshot } from 'valtio';
import { session } from '../lib/session/store';
import type { MoneyUnit } from '../lib/format';
import { moneyText } from '../entities/cash/moneyText';

/** An amount in the site's display unit (cashDecimal) with separators and its unit: 원 for money, P for points. */
export function Money({ value, unit = 'cash' }: { value: number | null | undefined; unit?: MoneyUnit }) {
  // the language is read so a switch re-renders the unit
  const { site, language } = useSnapshot(session);
  void language;
  return <>{moneyText(value, unit, site?.cashDecimal ?? 1)}</>;
}
