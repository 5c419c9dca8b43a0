import type { IconKind } from '../../db/tables/brand.js';

/** Each icon: its side, the share of it the logo fills, and whether the theme colour is painted under it. */
export const ICONS: Record<IconKind, { side: number; fill: number; solid: boolean; circle?: boolean }> = {
  // the logo as kept: re-encoded, never the uploaded bytes
  logo: { side: 512, fill: 1, solid: false },
  'icon-192': { side: 192, fill: 1, solid: false },
  'icon-512': { side: 512, fill: 1, solid: false },
  // a launcher crops a maskable icon to any shape that holds the centre circle of 80%: the logo's
  // diagonal fits that circle
  'icon-maskable-512': { side: 512, fill: 0.8, solid: true, circle: true },
  // iOS paints transparent corners black: the theme colour instead, a margin like the home screen's
  'apple-touch-icon': { side: 180, fill: 0.8, solid: true },
  favicon: { side: 48, fill: 1, solid: false },
};

/** What the main thread asks the logo worker, and what it answers. */
export type LogoJob = { op: 'read'; bytes: Uint8Array } | { op: 'icons'; bytes: Uint8Array; themeColor: string };
export type LogoReply =
  { ok: true; width: number; height: number } | { ok: true; icons: Record<string, Uint8Array> } | { ok: false; code: 'BR001' | 'BR010' | 'S500'; error?: string };
