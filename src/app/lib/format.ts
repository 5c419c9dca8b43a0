export const KST = 'Asia/Seoul';

/**
 * Digits grouped by three with commas and `decimals` places (or up to three, trailing zeros
 * dropped), exactly as `Intl.NumberFormat('en-US')` writes them: it rounds the shortest decimal
 * that reads back as the number (`String(n)`), a tie away from zero. Written out rather than asked
 * of Intl: the first number formatter a page makes loads the locale data, ~50 ms of a desktop's
 * main thread before a screen with an amount on it can paint. Beyond 1e21 Intl answers.
 */
function grouped(value: number, decimals: number | 'upTo3'): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) {
    const o = decimals === 'upTo3' ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    return new Intl.NumberFormat('en-US', o).format(value);
  }
  const places = decimals === 'upTo3' ? 3 : decimals;
  // below 1e-6 String() writes an exponent; at four places or fewer such a number rounds to zero
  const [whole, fraction = ''] = Math.abs(value) < 1e-6 ? ['0'] : String(Math.abs(value)).split('.');
  let kept = whole + fraction.slice(0, places).padEnd(places, '0');
  if (fraction[places] >= '5') kept = String(BigInt(kept) + 1n).padStart(kept.length, '0');
  const int = kept.slice(0, kept.length - places).replace(/\B(?=(\d{3})+$)/g, ',');
  let frac = kept.slice(kept.length - places);
  if (decimals === 'upTo3') frac = frac.replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return sign + int + (frac ? `.${frac}` : '');
}

/** What an amount counts: money (원), points (P), or a bare figure. */
export type MoneyUnit = 'cash' | 'point' | 'none';

/** Integer amounts in the site's smallest unit, shown times cashDecimal; no decimals when cashDecimal is 1. */
export function formatMoney(amount: number | null | undefined, cashDecimal = 1): string {
  const value = (amount ?? 0) * cashDecimal;
  const digits = cashDecimal >= 1 ? 0 : Math.min(4, Math.ceil(-Math.log10(cashDecimal)));
  return grouped(value, digits);
}

/** Plain count or amount with thousands separators. */
export const formatNumber = (n: number | null | undefined) => grouped(n ?? 0, 'upTo3');

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
