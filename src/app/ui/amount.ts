/**
 * Amount typing rules: commas stripped, only digits and one optional decimal part kept,
 * '0' or empty clears the field. Returns the raw value ('' when cleared).
 */
export function cleanAmount(text: string, decimals = 0): string {
  const stripped = text.replace(/,/g, '').replace(/[^\d.]/g, '');
  const [int = '', ...rest] = stripped.split('.');
  const whole = int.replace(/^0+(?=\d)/, '');
  const frac = decimals > 0 && rest.length > 0 ? '.' + rest.join('').slice(0, decimals) : '';
  const value = whole + frac;
  if (value === '' || value === '.' || (Number(value) === 0 && !frac)) return '';
  return (whole || '0') + frac;
}

/** Thousands separators on the whole part, decimal part kept as typed. */
export function displayAmount(raw: string): string {
  if (!raw) return '';
  const [int, frac] = raw.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** Quick amounts add to the current value. */
export const addAmount = (raw: string, add: number) => String((Number(raw) || 0) + add);
