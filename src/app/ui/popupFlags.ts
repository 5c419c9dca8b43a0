import { formatKst } from '../lib/format';

const key = (siteId: string, bannerIdx: number) => `pitboss:${siteId}:popup:${bannerIdx}`;
const today = () => formatKst(Date.now(), 'yyyy-MM-dd');

/** A popup is closed when its flag (site id + bannerIdx) says so: for this visit, or for today (Korea time). */
export function isClosed(siteId: string, bannerIdx: number): boolean {
  return sessionStorage.getItem(key(siteId, bannerIdx)) === 'Y' || localStorage.getItem(key(siteId, bannerIdx)) === today();
}

export function closePopup(siteId: string, bannerIdx: number, forToday: boolean) {
  sessionStorage.setItem(key(siteId, bannerIdx), 'Y');
  if (forToday) localStorage.setItem(key(siteId, bannerIdx), today());
}
