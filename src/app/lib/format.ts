export const KST = 'Asia/Seoul';

// one formatter per number of decimals: toLocaleString with options builds a new one on every call,
// which made a dashboard of a few hundred amounts spend ~100 ms (phone CPU) on formatting alone
const formatters = new Map<number, Intl.NumberFormat>();
const formatter = (digits: number) => {
  let f = formatters.get(digits);
  if (!f) formatters.set(digits, (f = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  return f;
};
const plain = new Intl.NumberFormat('en-US');

/** What an amount counts: money (원), points (P), or a bare figure. */
export type MoneyUnit = 'cash' | 'point' | 'none';

/** Integer amounts in the site's smallest unit, shown times cashDecimal; no decimals when cashDecimal is 1. */
export function formatMoney(amount: number | null | undefined, cashDecimal = 1): string {
  const value = (amount ?? 0) * cashDecimal;
  const digits = cashDecimal >= 1 ? 0 : Math.min(4, Math.ceil(-Math.log10(cashDecimal)));
  return formatter(digits).format(value);
}

/** Plain count or amount with thousands separators. */
export const formatNumber = (n: number | null | undefined) => plain.format(n ?? 0);

const KST_OFFSET_MS = 9 * 3_600_000; // no daylight saving since 1988
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A moment shown in Korea time whatever the device zone; yyyy MM dd HH mm ss and 'quoted' text. */
export function formatKst(at: Date | number, pattern = 'yyyy-MM-dd HH:mm:ss'): string {
  const d = new Date((typeof at === 'number' ? at : at.getTime()) + KST_OFFSET_MS);
  return pattern.replace(/'(?:[^']|'')*'|yyyy|MM|dd|HH|mm|ss|[A-Za-z]/g, (token) => {
    if (token[0] === "'") return token === "''" ? "'" : token.slice(1, -1).replace(/''/g, "'");
    switch (token) {
      case 'yyyy':
        return pad(d.getUTCFullYear(), 4);
      case 'MM':
        return pad(d.getUTCMonth() + 1);
      case 'dd':
        return pad(d.getUTCDate());
      case 'HH':
        return pad(d.getUTCHours());
      case 'mm':
        return pad(d.getUTCMinutes());
      case 'ss':
        return pad(d.getUTCSeconds());
    }
    throw new RangeError(`formatKst: unsupported token ${token}`);
  });
}

/** Wire dates (`yyyy-MM-dd HH:mm:ss`, Korea time) to epoch ms. */
export function parseWire(wire: string): number {
  const [d, t = '00:00:00'] = wire.split(' ');
  return Date.parse(`${d}T${t}+09:00`);
}
