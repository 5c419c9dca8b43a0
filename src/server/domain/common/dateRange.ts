import { fromWire, kstDayStart } from './time.js';

export interface Range {
  from: Date;
  to: Date;
}

/**
 * A wire date range: start defaults to `daysBack` KST days ago, end to now; a bare end date covers
 * that whole day. With oldYn 'N' nothing older than 5 KST days is searched.
 */
export function dateRange(now: Date, startDate: string | undefined, endDate: string | undefined, daysBack: number, oldYn?: 'Y' | 'N'): Range {
  let from = startDate ? fromWire(startDate) : kstDayStart(now, daysBack);
  let to: Date;
  if (!endDate) to = new Date(now.getTime() + 1000);
  else to = new Date(fromWire(endDate).getTime() + (endDate.length === 10 ? 86_400_000 : 1000));
  if (oldYn === 'N') {
    const floor = kstDayStart(now, 5);
    if (from < floor) from = floor;
  }
  return { from, to };
}
