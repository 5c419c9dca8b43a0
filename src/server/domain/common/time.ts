// Korea has kept UTC+9 without daylight saving since 1988, and the wire's dates are UTC+9
// (DESIGN): plain arithmetic on a fixed offset, which costs a fraction of a time-zone lookup on
// every date of every answer.
const OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
const WIRE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A moment as the wire shows it: `yyyy-MM-dd HH:mm:ss` in Korea time. */
export function toWire(d: Date): string {
  const k = new Date(d.getTime() + OFFSET_MS);
  return `${String(k.getUTCFullYear()).padStart(4, '0')}-${two(k.getUTCMonth() + 1)}-${two(k.getUTCDate())} ${two(k.getUTCHours())}:${two(k.getUTCMinutes())}:${two(k.getUTCSeconds())}`;
}

/** The Korea-time day of a moment, `yyyy-MM-dd`. */
export const kstDay = (d: Date) => toWire(d).slice(0, 10);

/** Parses a wire date (Korea time); a bare `yyyy-MM-dd` means that day's start. */
export function fromWire(s: string): Date {
  const m = WIRE.exec(s);
  const [y, mo, d, h = 0, mi = 0, se = 0] = m ? m.slice(1).map((x) => Number(x ?? 0)) : [];
  const u = new Date(0);
  if (m) u.setUTCFullYear(y, mo - 1, d);
  u.setUTCHours(h, mi, se, 0);
  const t = m ? u.getTime() - OFFSET_MS : NaN;
  // Feb 30 rolls over into March: a date that does not read back is not a real one
  if (Number.isNaN(t) || toWire(new Date(t)) !== (s.length === 10 ? `${s} 00:00:00` : s)) throw new Error(`bad wire date ${s}`);
  return new Date(t);
}

/** Minutes since midnight, Korea time. */
export function kstMinuteOfDay(d: Date): number {
  const ms = (((d.getTime() + OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.floor(ms / 60_000);
}

/** Start of the Korea-time day holding `d`, `days` days earlier. */
export function kstDayStart(d: Date, daysBack = 0): Date {
  return new Date((Math.floor((d.getTime() + OFFSET_MS) / DAY_MS) - daysBack) * DAY_MS - OFFSET_MS);
}
