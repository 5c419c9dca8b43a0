import { formatKst } from './format';

/** A span of whole Korea-time days, `yyyy-MM-dd` each end. */
export interface DayRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

export const kstDay = (daysBack = 0, now = Date.now()) => formatKst(now - daysBack * DAY_MS, 'yyyy-MM-dd');

/** From `days` days back to today, as the history screens default. */
export const lastDays = (days: number): DayRange => ({ start: kstDay(days), end: kstDay(0) });

/** The wire filter: the first second of the start day to the last of the end day. */
export const wireRange = (r: DayRange) => ({ startDate: `${r.start} 00:00:00`, endDate: `${r.end} 23:59:59` });

/** Older than 5 days before today is only searched when asked (oldYn). */
export const needsOld = (r: DayRange) => r.start < kstDay(5);
