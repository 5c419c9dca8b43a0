import { LRUCache } from 'lru-cache';
import { NO_CLOCK_TIMER } from '../common/cacheClock.js';
import type { SiteRow } from './siteRow.js';
import type { Db } from '../../db/driver.js';
import type { Publisher } from '../../live/publisher.js';

/** With its key, and the key before the last rotation while that one still works (until old_key_until). */
export type KeyedSite = SiteRow & { api_key: string; old_api_key: string | null; old_key_until: Date | null };

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
  // a read that started before an invalidation must not put back what it forgot
  private generation = 0;
  private readonly off: () => void;

  constructor(
    private readonly db: Db,
    private readonly live: Publisher,
    opts: { ttlMs?: number } = {},
  ) {
    const o = { max: 10_000, ttl: opts.ttlMs ?? SITE_TTL_MS, ttlResolution: NO_CLOCK_TIMER };
    this.byId = new LRUCache(o);
    this.byPrefix = new LRUCache(o);
    this.off = live.onInvalidate((w) => {
      if (w.kind === 'site') this.forget();
    });
    open.add(this);
  }

  async get(id: string): Promise<KeyedSite | null> {
    const hit = this.byId.get(id);
    if (hit) return hit.site;
    return this.load(this.byId, id, () => this.db.selectFrom('site').select(columns).where('id', '=', id).executeTakeFirst());
  }

  async getByPrefix(prefix: string): Promise<KeyedSite | null> {
    const hit = this.byPrefix.get(prefix);
    if (hit) return hit.site;
    return this.load(this.byPrefix, prefix, () => this.db.selectFrom('site').select(columns).where('prefix', '=', prefix).executeTakeFirst());
  }

  /** After the operator changed a site: forgotten here at once and on every other instance. */
  changed(siteId: string): Promise<void> {
    return this.live.invalidate({ kind: 'site', siteId });
  }

  /** Sites are few and change rarely: any change forgets them all, which also covers their prefixes. */
  forget() {
    this.generation++;
    this.byId.clear();
    this.byPrefix.clear();
  }

  private async load(into: LRUCache<string, { site: KeyedSite | null }>, key: string, read: () => Promise<KeyedSite | undefined>) {
    const gen = this.generation;
    const site = ((await read()) as KeyedSite | undefined) ?? null;
    if (gen === this.generation) into.set(key, { site });
    return site;
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
