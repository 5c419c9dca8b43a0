/** A site as the site cache holds it: what every call of the site needs without a query. */
export interface SiteRow {
  id: string;
  prefix: string;
  name: string;
  vendor: string;
  cash_decimal: number;
  languages: string;
  options: Record<string, unknown>;
  check_start: Date | null;
  check_end: Date | null;
  /** 'Y' while the operator has locked betting site-wide */
  lock_bet_yn: 'Y' | 'N';
  /** 'Y' while every call's body must travel sealed (docs/encrypted-bodies.md) */
  seal_yn: 'Y' | 'N';
  /** the platform's hold: a suspended or archived site answers SS001 / SS002 to every call */
  state: 'open' | 'suspended' | 'archived';
}

/** True while `now` lies inside the site's check (maintenance) window. */
export function inCheckWindow(site: Pick<SiteRow, 'check_start' | 'check_end'>, now: Date): boolean {
  const t = now.getTime();
  return !!site.check_start && !!site.check_end && site.check_start.getTime() <= t && t < site.check_end.getTime();
}
