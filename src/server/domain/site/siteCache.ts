import { LRUCache } from 'lru-cache';
import { NO_CLOCK_TIMER } from '../common/cacheClock.js';
import type { SiteRow } from './siteRow.js';
import type { Db } from '../../db/driver.js';
import type { Publisher } from '../ports.js';

/** With its key, and the key before the last rotation while that one still works (until old_key_until). */
export type KeyedSite = SiteRow & {
  api_key: string;
  old_api_key: string | null;
  old_key_until: Date | null;
  /** the site's brand (site_brand), null while it has none: its pages then wear the app's own colour and icons */
  short_name: string | null;
  theme_color: string | null;
  brand_version: string | null;
};

/**
 * How long a site row is answered from memory. The operator's changes reach every instance at
 * once through the fan-out; this only bounds a lost message or a row edited by hand.
 */
export const SITE_TTL_MS = 10_000;

const columns = [
  'id',
  'prefix',
  'name',
  'api_key',
  'vendor',
  'cash_decimal',
  'languages',
  'options',
  'check_start',
  'check_end',
  'lock_bet_yn',
  'seal_yn',
  'state',
  'old_api_key',
  'old_key_until',
] as const;

/** Every site cache of this process, for `forgetAllSites`. */
const open = new Set<SiteCache>();

/**
 * Site rows by id and by prefix, per process: every call needs its site (key check, options,
 * maintenance window, bet lock), and sites change only by the operator's hand. Unknown ids and prefixes
 * are remembered too, so made-up ones cost the database nothing more.
 */
export class SiteCache {
  private readonly byId: LRUCache<string, { site: KeyedSite | null }>;
  private readonly byPrefix: LRUCache<string, { site: KeyedSite | null }>;
  private readonly off: () => void;

  constructor(
    private readonly db: Db,
    private readonly live: Publisher,
    opts: { ttlMs?: number } = {},
  ) {
    // one read per key at a time, and a row past its time answered while its fresh copy is read: with
    // many sites some row always lapses, and no call waits for it or sends the same read twice. A row
    // forgotten while its read is in flight (an invalidation) is not put back (the read is aborted).
    const o = { max: 10_000, ttl: opts.ttlMs ?? SITE_TTL_MS, ttlResolution: NO_CLOCK_TIMER, allowStale: true, noDeleteOnStaleGet: true };
    const read = (by: 'id' | 'prefix') => async (key: string) => ({
      site:
        ((await this.db
          .selectFrom('site')
          .leftJoin('site_brand', 'site_brand.site_id', 'site.id')
          .select(columns.map((c) => `site.${c}` as const))
          .select(['site_brand.short_name', 'site_brand.theme_color', 'site_brand.version as brand_version'])
          .where(`site.${by}`, '=', key)
          .executeTakeFirst()) as KeyedSite | undefined) ?? null,
    });
    this.byId = new LRUCache({ ...o, fetchMethod: read('id') });
    this.byPrefix = new LRUCache({ ...o, fetchMethod: read('prefix') });
    this.off = live.onInvalidate((w) => {
      if (w.kind === 'site') this.forget();
    });
    open.add(this);
  }

  get(id: string): Promise<KeyedSite | null> {
    return this.read(this.byId, id);
  }

  getByPrefix(prefix: string): Promise<KeyedSite | null> {
    return this.read(this.byPrefix, prefix);
  }

  /** A read aborted by an invalidation is read again, so the caller gets the row as it is now. */
  private async read(cache: LRUCache<string, { site: KeyedSite | null }>, key: string): Promise<KeyedSite | null> {
    for (let tries = 1; ; tries++) {
      try {
        return (await cache.fetch(key))?.site ?? null;
      } catch (e) {
        if (tries >= 3) throw e;
      }
    }
  }

  /** After the operator changed a site: forgotten here at once and on every other instance. */
  changed(siteId: string): Promise<void> {
    return this.live.invalidate({ kind: 'site', siteId });
  }

  /** Sites are few and change rarely: any change forgets them all, which also covers their prefixes. */
  forget() {
    this.byId.clear();
    this.byPrefix.clear();
  }

  close() {
    this.off();
    this.forget();
    open.delete(this);
  }
}

/** Forgets the site rows of every instance in this process (tests that edit sites behind the API's back). */
export function forgetAllSites() {
  for (const c of open) c.forget();
}
