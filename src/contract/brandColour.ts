/**
 * A site's theme colour as its pages wear it: the primary buttons and accents, in light and dark.
 * The colour is darkened (light) or lightened (dark) only as far as needed for text on the page and
 * the button's own text to read at WCAG AA (4.5:1). Server and app both use it; no zod here.
 */

/** The token file's page colours the brand must read on: light page and surface, dark page and surface. */
const LIGHT_PAGES = ['#ffffff', '#f4f5f8'];
const DARK_PAGES = ['#181b22', '#0f1115'];
const LIGHT_INK = '#ffffff';
const DARK_INK = '#14171f';
const AA = 4.5;

export interface BrandShades {
  /** the button and accent colour */
  brand: string;
  /** text on it */
  ink: string;
}

export const isThemeColor = (v: string) => /^#[0-9a-fA-F]{6}$/.test(v);

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const toHex = (rgb: number[]) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The colour mixed toward `to` in steps until it reads on every page colour (the end colour always does). */
function readable(hex: string, to: number[], pages: string[]): string {
  const from = channels(hex);
  for (let k = 0; k <= 20; k++) {
    const c = toHex(from.map((v, i) => v + ((to[i]! - v) * k) / 20));
    if (pages.every((p) => contrast(c, p) >= AA)) return c;
  }
  return toHex(to);
}

/**
 * The site's colour for light pages (dark enough to read on them, white text on it) and for dark
 * pages (light enough, dark text on it).
 */
export function brandShades(themeColor: string): { light: BrandShades; dark: BrandShades } {
  const hex = isThemeColor(themeColor) ? themeColor.toLowerCase() : '#c9302c';
  return {
    light: { brand: readable(hex, [0, 0, 0], LIGHT_PAGES), ink: LIGHT_INK },
    dark: { brand: readable(hex, [255, 255, 255], DARK_PAGES), ink: DARK_INK },
  };
}

/**
 * The properties a site's page sets on `<html>` (read by the token file's `--brand` / `--brand-ink`):
 * the server writes them into the page it sends, so its first paint wears the colour, and the app
 * sets the same ones when it learns the site (removed outside every site).
 */
export function brandProperties(themeColor: string): Record<BrandProperty, string> {
  const { light, dark } = brandShades(themeColor);
  return { '--site-brand': light.brand, '--site-brand-ink': light.ink, '--site-brand-dark': dark.brand, '--site-brand-dark-ink': dark.ink };
}
export const BRAND_PROPERTIES = ['--site-brand', '--site-brand-ink', '--site-brand-dark', '--site-brand-dark-ink'] as const;
export type BrandProperty = (typeof BRAND_PROPERTIES)[number];
