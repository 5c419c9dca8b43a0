import { formatKst } from '../lib/format';

/** What makes a popup the same notice: an edited one (new words, picture or link) is news again. */
export interface PopupFace {
  bannerIdx: number;
  title: string;
  content: string;
  imageUrl: string | null;
  linkUrl: string | null;
}

const seenKey = (siteId: string, bannerIdx: number) => `pitboss:${siteId}:popup:${bannerIdx}`;
const dayKey = (siteId: string) => `pitboss:${siteId}:popups:hiddenOn`;
const today = () => formatKst(Date.now(), 'yyyy-MM-dd');

/** A short fingerprint of the popup's face (FNV-1a), kept beside its number once seen. */
function face(p: PopupFace): string {
  let h = 0x811c9dc5;
  for (const ch of `${p.title}\n${p.content}\n${p.imageUrl ?? ''}\n${p.linkUrl ?? ''}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused (a private window): the popup shows, as on a new device
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage refused: nothing is kept, the popup shows on the next visit again
  }
}

/** A popup shows once per notice on a device: not after it was closed here, nor on a day its site's popups were hidden. */
export function isClosed(siteId: string, p: PopupFace): boolean {
  return read(dayKey(siteId)) === today() || read(seenKey(siteId, p.bannerIdx)) === face(p);
}

/** Closing marks the notice seen on this device; "for today" also keeps the site's other popups away until tomorrow (Korea time). */
export function closePopup(siteId: string, p: PopupFace, forToday: boolean) {
  write(seenKey(siteId, p.bannerIdx), face(p));
  if (forToday) write(dayKey(siteId), today());
}
