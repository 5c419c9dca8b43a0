import type { Generated } from 'kysely';

export type IconKind = 'logo' | 'icon-192' | 'icon-512' | 'icon-maskable-512' | 'apple-touch-icon' | 'favicon';

/** A site's brand, its icons and its host names (migration 280). */
export interface BrandTables {
  site_brand: { site_id: string; short_name: string; theme_color: string; version: string; updated_at: Generated<Date> };
  site_icon: { site_id: string; kind: IconKind; png: Buffer };
  site_host: { host: string; site_id: string };
}
