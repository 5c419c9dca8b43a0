import { LRUCache } from 'lru-cache';
import { NO_CLOCK_TIMER } from '../common/cacheClock.js';
import type { Db } from '../../db/driver.js';
import type { IconKind } from '../../db/tables/brand.js';
import type { Publisher } from '../ports.js';
import type { SiteRow } from './siteRow.js';
import { languages, localeOf, type Language } from '../../../contract/enums.js';
import { SITE_TTL_MS } from './siteCache.js';

/** The colour of the app's own dark header: a site without a brand installs in it. */
export const DEFAULT_THEME = '#0f1115';

export interface Brand {
  siteId: string;
  prefix: string;
  name: string;
  shortName: string;
  themeColor: string;
  /** BCP-47 locale of the site's default language (the first of its languages): the manifest's and the page's `lang` */
  lang: string;
  /** the icons' version (ETag, versioned names); null for a site without a brand, which shows the app's own icons */
  version: string | null;
  icons: Map<IconKind, Buffer>;
}

/** Where an icon of a brand is served: versioned (cached for a year) for a branded site, the app's own for one without. */
export function iconUrl(brand: Pick<Brand, 'prefix' | 'version'>, kind: IconKind): string {
  if (!brand.version) return kind === 'favicon' || kind === 'logo' || kind === 'apple-touch-icon' ? '/icons/icon-192.png' : `/icons/${kind}.png`;
  return `/${brand.prefix}/icons/${kind}.${brand.version}.png`;
}

type BrandSite = Pick<SiteRow, 'id' | 'prefix' | 'name' | 'languages'>;

/** The locale of a site's default language, the first of its list. */
export function siteLocale(site: Pick<SiteRow, 'languages'>): string {
  const first = site.languages.split(',')[0]?.trim() as Language;
  return localeOf(languages.includes(first) ? first : 'ko');
}

/** A site without a brand row: its name, the app's colour and icons. */
function unbranded(site: BrandSite): Brand {
  return {
    siteId: site.id,
    prefix: site.prefix,
    name: site.name,
    shortName: [...site.name].slice(0, 12).join(''),
    themeColor: DEFAULT_THEME,
    lang: siteLocale(site),
    version: null,
    icons: new Map(),
  };
}

/**
 * Brands with their icons and the host-name map, per process. They change with the site (the same
 * invalidation through the live channel forgets them on every instance), so each is read once.
 */
export class BrandCache {
  private readonly brands: LRUCache<string, Brand>;
  private readonly hosts: LRUCache<string, { siteId: string | null }>;
  private generation = 0;
  private readonly off: () => void;

  constructor(
    private readonly db: Db,
    live: Publisher,
  ) {
    // a brand with its icons is about 100 KB: a few hundred sites in memory at most
    this.brands = new LRUCache({ max: 300, ttl: SITE_TTL_MS, ttlResolution: NO_CLOCK_TIMER });
    this.hosts = new LRUCache({ max: 10_000, ttl: SITE_TTL_MS, ttlResolution: NO_CLOCK_TIMER });
    this.off = live.onInvalidate((w) => {
      if (w.kind === 'site') this.forget();
    });
  }

  async brand(site: BrandSite): Promise<Brand> {
    const hit = this.brands.get(site.id);
    if (hit) return hit;
    const gen = this.generation;
    const [row, icons] = await Promise.all([
      this.db.selectFrom('site_brand').select(['short_name', 'theme_color', 'version']).where('site_id', '=', site.id).executeTakeFirst(),
      this.db.selectFrom('site_icon').select(['kind', 'png']).where('site_id', '=', site.id).execute(),
    ]);
    const brand: Brand = row
      ? {
          siteId: site.id,
          prefix: site.prefix,
          name: site.name,
          shortName: row.short_name,
          themeColor: row.theme_color,
          lang: siteLocale(site),
          version: row.version,
          icons: new Map(icons.map((i) => [i.kind, i.png])),
        }
      : unbranded(site);
    if (gen === this.generation) this.brands.set(site.id, brand);
    return brand;
  }

  /** The site a host name belongs to, or null; unknown names are remembered too. */
  async siteForHost(host: string): Promise<string | null> {
    const name = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    const hit = this.hosts.get(name);
    if (hit) return hit.siteId;
    const gen = this.generation;
    const row = await this.db.selectFrom('site_host').select('site_id').where('host', '=', name).executeTakeFirst();
    if (gen === this.generation) this.hosts.set(name, { siteId: row?.site_id ?? null });
    return row?.site_id ?? null;
  }

  forget() {
    this.generation++;
    this.brands.clear();
    this.hosts.clear();
  }

  close() {
    this.off();
    this.forget();
  }
}
