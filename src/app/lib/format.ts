import { format as formatDate } from 'date-fns';
import { TZDate } from '@date-fns/tz';

export const KST = 'Asia/Seoul';

/** Integer amounts in the site's smallest unit, shown times cashDecimal; no decimals when cashDecimal is 1. */
export function formatMoney(amount: number | null | undefined, cashDecimal = 1): string {
  const value = (amount ?? 0) * cashDecimal;
  const digits = cashDecimal >= 1 ? 0 : Math.min(4, Math.ceil(-Math.log10(cashDecimal)));
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Plain count or amount with thousands separators. */
export const formatNumber = (n: number | null | undefined) => (n ?? 0).toLocaleString('en-US');

/** A moment shown in Korea time whatever the device zone. */
export function formatKst(at: Date | number, pattern = 'yyyy-MM-dd HH:mm:ss'): string {
  return formatDate(new TZDate(typeof at === 'number' ? at : at.getTime(), KST), pattern);
}

/** Wire dates (`yyyy-MM-dd HH:mm:ss`, Korea time) to epoch ms. */
export function parseWire(wire: string): number {
  const [d, t = '00:00:00'] = wire.split(' ');
  return Date.parse(`${d}T${t}+09:00`);
}
