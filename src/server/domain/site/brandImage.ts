import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import { losslessCompressPng, pngQuantize } from '@napi-rs/image';
import { ApiError } from '../../../contract/codes.js';
import type { IconKind } from '../../db/tables/brand.js';

export const LOGO_MAX_BYTES = 1024 * 1024;
/** A PNG says its size in its header: past this a 1 MB file could still decode to gigabytes. */
const PNG_MAX_SIDE = 4096;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What an SVG logo may not carry. The SVG is never served: it is rasterised here and only the PNG
 * leaves the server, so nothing in it can run in a browser. These are refused anyway, so an
 * operator learns at upload that the file is not a plain picture (scripts, event handlers, embedded
 * documents, entity tricks, anything fetched from elsewhere).
 */
const SVG_REFUSED = [
  /<script\b/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /<foreignObject\b/i,
  /<!ENTITY\b/i,
  /<!DOCTYPE\b/i,
  /(?:href|src)\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/i,
  /url\(\s*["']?\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/i,
];
const SVG_START = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)\s*)*<svg[\s>]/i;

/** PNG or SVG, at most 1 MB, decodable: the picture, or the result code saying why not. */
export async function readLogo(bytes: Buffer): Promise<Image> {
  if (bytes.length > LOGO_MAX_BYTES) throw new ApiError('BR002');
  let image: Image;
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) {
    if (bytes.length < 24 || bytes.readUInt32BE(16) > PNG_MAX_SIDE || bytes.readUInt32BE(20) > PNG_MAX_SIDE) throw new ApiError('BR001');
    image = await decode(bytes);
  } else {
    const text = bytes.toString('utf8');
    if (!SVG_START.test(text)) throw new ApiError('BR001');
    if (SVG_REFUSED.some((re) => re.test(text))) throw new ApiError('BR003');
    image = await decode(bytes);
  }
  if (!(image.width > 0 && image.height > 0)) throw new ApiError('BR001');
  return image;
}

async function decode(bytes: Buffer): Promise<Image> {
  try {
    return await loadImage(bytes);
  } catch {
    throw new ApiError('BR001');
  }
}

/** Each icon: its side, the share of it the logo fills, and whether the theme colour is painted under it. */
const ICONS: Record<IconKind, { side: number; fill: number; solid: boolean; circle?: boolean }> = {
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

export const ICON_KINDS = Object.keys(ICONS) as IconKind[];

/** Every icon of a brand from its logo, as PNG. */
export async function makeIcons(logo: Image, themeColor: string): Promise<Record<IconKind, Buffer>> {
  const out = {} as Record<IconKind, Buffer>;
  for (const kind of ICON_KINDS) {
    const { side, fill, solid, circle } = ICONS[kind];
    const canvas = createCanvas(side, side);
    const ctx = canvas.getContext('2d');
    if (solid) {
      ctx.fillStyle = themeColor;
      ctx.fillRect(0, 0, side, side);
    }
    // contained and centred, whatever the logo's shape
    const box = side * fill;
    const scale = circle ? box / Math.hypot(logo.width, logo.height) : Math.min(box / logo.width, box / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(logo, (side - w) / 2, (side - h) / 2, w, h);
    const png = await canvas.encode('png');
    out[kind] = kind === 'logo' ? await losslessCompressPng(png) : await palettePng(png);
  }
  return out;
}

/**
 * An icon in a palette of at most 256 colours, as the usual PNG optimisers make it: about a third
 * of the bytes of the canvas's full-colour file and no visible change. The kept logo stays full
 * colour, since every icon is made from it again. A picture the palette cannot hold well enough
 * (libimagequant's quality under 70) stays full colour, losslessly recompressed.
 */
async function palettePng(png: Buffer): Promise<Buffer> {
  try {
    return await pngQuantize(png, { minQuality: 70, maxQuality: 95 });
  } catch {
    return losslessCompressPng(png);
  }
}
