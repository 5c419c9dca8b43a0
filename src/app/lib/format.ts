export const KST = 'Asia/Seoul';

/**
 * `int.frac` (a number's shortest decimal, `String(n)`) divided by 10^shift and rounded to
 * `places`, a tie away from zero: Intl.NumberFormat rounds that decimal the same way.
 */
function rounded(int: string, frac: string, shift: number, places: number): [whole: string, fraction: string] {
  let digits = int + frac;
  let point = int.length - shift;
  if (point < 1) [digits, point] = ['0'.repeat(1 - point) + digits, 1];
  let kept = digits.slice(0, point + places).padEnd(point + places, '0');
  if (digits[point + places] >= '5') kept = String(BigInt(kept) + 1n).padStart(kept.length, '0');
  return [kept.slice(0, kept.length - places), kept.slice(kept.length - places)];
}

/** A finite number below 1e21 as its shortest decimal's parts, or null (Intl answers those). */
function decimalParts(value: number): [int: string, frac: string] | null {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return null;
  // below 1e-6 String() writes an exponent; at four places or fewer such a number rounds to zero
  if (Math.abs(value) < 1e-6) return ['0', ''];
  const [int, frac = ''] = String(Math.abs(value)).split('.');
  return [int, frac];
}

const sign = (value: number) => (value < 0 || Object.is(value, -0) ? '-' : '');
const group = (whole: string, by: string) => whole.replace(/\B(?=(\d{3})+$)/g, by);

/**
 * Digits grouped by three with commas and `decimals` places (or up to three, trailing zeros
 * dropped), exactly as `Intl.NumberFormat('en-US')` writes them. Written out rather than asked of
 * Intl: the first number formatter a page makes loads the locale data, ~50 ms of a desktop's main
 * thread before a screen with an amount on it can paint.
 */
function grouped(value: number, decimals: number | 'upTo3'): string {
  const parts = decimalParts(value);
  if (!parts) {
    const o = decimals === 'upTo3' ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    return new Intl.NumberFormat('en-US', o).format(value);
  }
  const [whole, fraction] = rounded(...parts, 0, decimals === 'upTo3' ? 3 : decimals);
  const frac = decimals === 'upTo3' ? fraction.replace(/0+$/, '') : fraction;
  return sign(value) + group(whole, ',') + (frac ? `.${frac}` : '');
}

/** CLDR's short compact units of the app's languages: the power of ten each counts (and from which it applies) and its suffix. */
const compactUnits: Record<string, { units: [power: number, suffix: string][]; point: string; group: string }> = {
  ko: {
    units: [
      [3, '천'],
      [4, '만'],
      [8, '억'],
      [12, '조'],
    ],
    point: '.',
    group: ',',
  },
  en: {
    units: [
      [3, 'K'],
      [6, 'M'],
      [9, 'B'],
      [12, 'T'],
    ],
    point: '.',
    group: ',',
  },
  // Vietnamese sets its units off with a no-break space
  vi: {
    units: [
      [3, '\u00a0N'],
      [6, '\u00a0Tr'],
      [9, '\u00a0T'],
      [12, '\u00a0NT'],
    ],
    point: ',',
    group: '.',
  },
};

/**
 * A short axis label ('1.2만', '37.2K', '1,2 N') with at most one decimal, as
 * `Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })` writes it, without
 * the locale data that formatter loads (~25 ms of main thread on the first chart).
 */
export function formatCompact(value: number, locale: string): string {
  const data = compactUnits[locale];
  const parts = decimalParts(value);
  if (!data || !parts) return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
  const unitAt = (magnitude: number) => data.units.filter(([from]) => from <= magnitude).pop() ?? [0, ''];
  let magnitude = parts[0] === '0' ? 0 : parts[0].length - 1;
  let [size, suffix] = unitAt(magnitude);
  let [whole, fraction] = rounded(...parts, size, 1);
  // rounding carried into the next power of ten (999.96 -> 1000): its unit may differ
  if (whole.length > magnitude - size + 1 && whole !== '0') {
    magnitude += 1;
    [size, suffix] = unitAt(magnitude);
    [whole, fraction] = rounded(...parts, size, 1);
  }
  // compact figures group only from five digits on ('1000조', '10,000조')
  const int = whole.length >= 5 ? group(whole, data.group) : whole;
  return sign(value) + int + (fraction === '0' ? '' : data.point + fraction) + suffix;
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
