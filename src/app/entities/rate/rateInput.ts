import { parseWire } from '../../lib/format';

export type Clamp = { value: string; error?: 'nan' | 'max' | 'min' };

/** A typed rate against its bounds: above max becomes max, below min becomes min; not a number is an error that blocks saving. */
export function clampRate(text: string, min: number, max: number): Clamp {
  const s = text.trim();
  if (s === '' || !/^\d+(\.\d*)?$|^\.\d+$/.test(s)) return { value: text, error: 'nan' };
  const v = Number(s);
  if (v > max) return { value: String(max), error: 'max' };
  if (v < min) return { value: String(min), error: 'min' };
  return { value: s };
}

/** Numbers only (one dot, two decimals at most), as the rate inputs accept them. */
export const rateText = (raw: string) =>
  raw
    .replace(/[^\d.]/g, '')
    .replace(/(\..*)\./g, '$1')
    .replace(/^(\d*\.\d{0,2}).*$/, '$1')
    .slice(0, 6);

/** Locked for a day after the recommender's last change: the end of the lock, if still ahead. */
export const lockedUntil = (r: { lockedUntil: string | null }, now = Date.now()) => (r.lockedUntil && parseWire(r.lockedUntil) > now ? r.lockedUntil : null);
