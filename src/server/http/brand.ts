import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { BrandCache, iconUrl, type Brand } from '../domain/site/brandCache.js';
import type { IconKind } from '../db/tables/brand.js';
import { LATE_HEAD_ID } from '../../contract/earlyData.js';
import { brandProperties } from '../../contract/brandColour.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Escaped for an HTML attribute or text. */
export const html = (s: string) => s.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The site's web app manifest: its own app, id, scope and start under its prefix. */
export function manifestOf(brand: Brand) {
  const base = `/${brand.prefix}/`;
  return {
    id: base,
    name: brand.name,
    short_name: brand.shortName,
    lang: brand.lang,
    start_url: base,
    scope: base,
    display: 'standalone',
    background_color: brand.themeColor,
    theme_color: brand.themeColor,
    icons: [
      { src: iconUrl(brand, 'icon-192'), sizes: '192x192', type: 'image/png' },
      { src: iconUrl(brand, 'icon-512'), sizes: '512x512', type: 'image/png' },
      { src: iconUrl(brand, 'icon-maskable-512'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * A branded site's colour on `<html>`, as the app sets it once it knows the site: the first paint
 * (and the last-seen copy painted before the app runs) wears it instead of the app's own colour. A
 * site without a brand shows the app's colour, as in the app.
 */
function colours(brand: Brand): string {
  if (!brand.version) return '';
  const style = Object.entries(brandProperties(brand.themeColor))
    .map(([p, v]) => `${p}:${v}`)
    .join(';');
  return ` style="${html(style)}"`;
}

/** The head tags a site's pages carry: title and theme colour at once, manifest and icons once the first screen has painted. */
export function brandHead(shellHtml: string, brand: Brand): string {
  const later = [
    `<link rel="manifest" href="/${html(brand.prefix)}/manifest.webmanifest" />`,
    `<link rel="icon" type="image/png" href="${html(iconUrl(brand, 'favicon'))}" />`,
    `<link rel="apple-touch-icon" href="${html(iconUrl(brand, 'apple-touch-icon'))}" />`,
  ];
  const tags = [
    `<title>${html(brand.name)}</title>`,
    `<meta name="theme-color" content="${html(brand.themeColor)}" />`,
    `<meta name="apple-mobile-web-app-title" content="${html(brand.shortName)}" />`,
    // until then an empty icon: a page with none makes the browser ask for /favicon.ico
    `<link rel="icon" href="data:," />`,
    `<template id="${LATE_HEAD_ID}">${later.join('')}</template>`,
  ];
  return shellHtml
    .replace(/<html\b[^>]*>/i, `<html lang="${html(brand.lang)}" data-site-brand="${html(brand.prefix)}"${colours(brand)}>`)
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta name="theme-color"[^>]*>\s*/gi, '')
    .replace(/<link rel="(?:manifest|icon|apple-touch-icon)"[^>]*>\s*/gi, '')
    .replace('</head>', `${tags.join('')}</head>`);
}

const FILE = /^(logo|icon-192|icon-512|icon-maskable-512|apple-touch-icon|favicon)(?:\.([A-Za-z0-9_-]{12}))?\.png$/;

/**
 * A site's manifest and icons under its prefix, and the host names sites answer on: `/` of a
 * site's own host opens that site. Returns what the shell needs: the brand of a prefix and the
 * site a request's host belongs to.
 */
export function registerBrand(fastify: FastifyInstance, app: AppContext) {
  const brands = new BrandCache(app.db, app.live);
  fastify.addHook('onClose', (_f, done) => {
    brands.close();
    done();
  });

  const brandOf = async (prefix: string) => {
    const site = await app.sites.getByPrefix(prefix);
    return site ? brands.brand(site) : null;
  };
  /** The prefix of the site whose own host name this request came in on, or null. */
  const hostSite = async (req: FastifyRequest) => {
    const host = req.headers.host;
    if (!host) return null;
    const siteId = await brands.siteForHost(host);
    return siteId ? ((await app.sites.get(siteId))?.prefix ?? null) : null;
  };

  // the root of a site's own host opens that site (the root of any other host stays as it was)
  fastify.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || req.url.split('?')[0] !== '/') return;
    const prefix = await hostSite(req);
    if (prefix) return reply.redirect(`/${prefix}/`, 302);
  });

  fastify.get<{ Params: { prefix: string } }>('/:prefix/manifest.webmanifest', async (req, reply) => {
    const brand = await brandOf(req.params.prefix);
    if (!brand) return reply.callNotFound();
    const body = JSON.stringify(manifestOf(brand));
    return reply.header('cache-control', 'no-cache').type('application/manifest+json').send(body);
  });

  fastify.get<{ Params: { prefix: string; file: string } }>('/:prefix/icons/:file', async (req, reply) => {
    const m = FILE.exec(req.params.file);
    const brand = m ? await brandOf(req.params.prefix) : null;
    if (!brand) return reply.status(404).header('cache-control', 'no-cache').send();
    const png = brand.icons.get(m![1] as IconKind);
    // a site without a brand shows the app's own icons
    if (!png) return reply.header('cache-control', 'no-cache').redirect(iconUrl(brand, m![1] as IconKind), 302);
    const etag = `"${brand.version}"`;
    reply.header('etag', etag).type('image/png');
    // a versioned name of the current brand never changes; any other is revalidated
    reply.header('cache-control', m![2] === brand.version ? IMMUTABLE : 'no-cache');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(png);
  });

  return { brandOf, hostSite };
}

export type BrandRoutes = ReturnType<typeof registerBrand>;

/** A page of another site asked on a site's own host: that host shows its own site only. */
export function otherSiteOnHost(reply: FastifyReply, own: string | null, prefix: string | undefined) {
  if (!own || !prefix || prefix === own) return false;
  void reply.redirect(`/${own}/`, 302);
  return true;
}
