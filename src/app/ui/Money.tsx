import { useSnapshot } from 'valtio';
import { session } from '../lib/session/store';
import { formatMoney } from '../lib/format';

/** An amount in the site's display unit (cashDecimal) with thousands separators. */
export function Money({ value }: { value: number | null | undefined }) {
  const { site } = useSnapshot(session);
  return <>{formatMoney(value, site?.cashDecimal ?? 1)}</>;
}
