/**
 * A site's API key and its rotation: the new key is answered once; the key before keeps working
 * for KEY_OVERLAP_HOURS so every client can take the new one. The check runs on every site call
 * from the cached site row (no query), the window against the server's clock.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { KEY_OVERLAP_HOURS } from '../../../contract/platformOps.js';
import type { KeyedSite } from '../site/siteCache.js';

export const newApiKey = () => randomBytes(24).toString('base64url');

export const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The site's key, or the key before the last rotation inside its overlap window. */
export function keyMatches(site: Pick<KeyedSite, 'api_key' | 'old_api_key' | 'old_key_until'>, key: string, now: Date): boolean {
  if (sameKey(key, site.api_key)) return true;
  return !!site.old_api_key && !!site.old_key_until && now.getTime() < site.old_key_until.getTime() && sameKey(key, site.old_api_key);
}

/** When the key being replaced now stops working. */
export const overlapEnd = (now: Date) => new Date(now.getTime() + KEY_OVERLAP_HOURS * 3_600_000);
