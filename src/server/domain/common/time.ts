import { TZDate } from '@date-fns/tz';
import { format, parse } from 'date-fns';

export const KST = 'Asia/Seoul';
const WIRE = 'yyyy-MM-dd HH:mm:ss';

/** A moment as the wire shows it: `yyyy-MM-dd HH:mm:ss` in Korea time. */
export function toWire(d: Date): string {
  return format(new TZDate(d.getTime(), KST), WIRE);
}

/** The Korea-time day of a moment, `yyyy-MM-dd`. */
export const kstDay = (d: Date) => toWire(d).slice(0, 10);

/** Parses a wire date (Korea time); a bare `yyyy-MM-dd` means that day's start. */
export function fromWire(s: string): Date {
  const text = s.length === 10 ? `${s} 00:00:00` : s;
  const d = parse(text, WIRE, new TZDate(0, KST));
  if (Number.isNaN(d.getTime())) throw new Error(`bad wire date ${s}`);
  return new Date(d.getTime());
}

/** Minutes since midnight, Korea time. */
export function kstMinuteOfDay(d: Date): number {
  const z = new TZDate(d.getTime(), KST);
  return z.getHours() * 60 + z.getMinutes();
}

/** Start of the Korea-time day holding `d`, `days` days earlier. */
export function kstDayStart(d: Date, daysBack = 0): Date {
  const z = new TZDate(d.getTime(), KST);
  const start = new TZDate(z.getFullYear(), z.getMonth(), z.getDate() - daysBack, 0, 0, 0, KST);
  return new Date(start.getTime());
}
