import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { commonCalls } from '../../contract/common.js';
import type { Call, ResOf } from '../../contract/define.js';
import { siteCalls } from '../../contract/site.js';
import { callContext, type AppContext, type RequestContext } from '../context.js';
import type { HttpApp, HttpParts } from './httpContext.js';
import { commonRoutes } from './common.js';
import { loginFirstPaint } from './firstPaint.js';
import { loadPreloads } from './preloads.js';
import { earlyScriptTag } from './earlyData.js';
import { lastPaintScriptTag } from './lastPaintScript.js';
import { shapeAnswer } from './answers.js';
import { siteRoutes } from './site.js';
import { brandHead, html as htmlText, otherSiteOnHost, type BrandRoutes } from './brand.js';
import type { Brand } from '../domain/site/brandCache.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Security headers that govern a document (its scripts' sources, framing, referrer, old IE), set on
 * every answer by the security plugin. Hashed assets are scripts, styles and images loaded by the
 * page (never documents or workers), so they keep only nosniff and the same-origin resource policy.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Compressed answers: API JSON above 1 KB (lists of 100 rows are tens of KB) and any text file
 * without a pre-compressed twin. Brotli at quality 4 costs about what gzip does. A stream
 * response (nothing of ours is) and the /ws upgrade are left alone by the plugin.
 */
export async function registerCompression(fastify: FastifyInstance) {
  await fastify.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}

/** JSON that can sit inside a <script> element: no `</script>`, `<!--`, `&` entity or JS line terminator survives. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const shellRoutes = new Map([...commonRoutes, ...siteRoutes].map((r) => [r.call.path, r]));

/**
 * The answers of /api/common/site and /api/common/siteCheckInfo for a prefix, from the same
 * handlers; for a signed-in shell also the footer's site options and the popups it opens with.
 */
async function publicSite(app: HttpApp, prefix: string, shell: boolean) {
  const row = await app.sites.getByPrefix(prefix);
  if (!row) return null;
  const ctx: RequestContext & HttpParts = callContext(app, { site: row, caller: null, ip: '', token: null });
  // the same handlers and the same contract as the calls themselves
  const answer = async <C extends Call>(call: C, req: unknown = {}) => {
    const def = shellRoutes.get(call.path)!;
    return shapeAnswer(def.call, await def.handler(def.call.req.parse(req), ctx)) as ResOf<C>;
  };
  const [site, check, option, popups] = await Promise.all([
    answer(commonCalls.site, { prefix }),
    answer(commonCalls.siteCheckInfo),
    shell ? answer(commonCalls.siteOption) : undefined,
    shell ? answer(siteCalls.mainPopupList) : undefined,
  ]);
  return { prefix, site, check, ...(shell ? { option, popups } : {}) };
}

/**
 * The entry's stylesheet (tokens, the sign-in frame: a few KB) goes into the shell itself, so the
 * first paint waits on no request after the HTML's. Its link stays, disabled (never fetched nor
 * applied), so a chunk whose imports name the entry's styles sees them in place and does not
 * append a second copy after the pages' own. `</` is escaped so no rule can close the element.
 */
async function inlineEntryStyles(root: string, shell: string): Promise<string> {
  let html = shell;
  for (const [tag, file] of shell.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)) {
    const css = await readFile(join(root, file), 'utf8');
    html = html.replace(tag, () => `<style>${css.replace(/<\//g, '<\\/')}</style>${tag.replace(/\s*\/?>$/, ' disabled>')}`);
  }
  return html;
}

/** On `/`, said only while the demo site is there and open: the landing page then links to it. */
export const DEMO_MARK = '<meta name="pitboss-demo" content="demo">';

async function demoOpen(app: AppContext) {
  const demo = await app.sites.getByPrefix('demo').catch(() => null);
  return demo?.state === 'open';
}

/** The image of the popup a shell opens with is its largest paint: fetched with the HTML, not after the popup list. */
function popupImage(popups: ResOf<typeof siteCalls.mainPopupList> | undefined): string {
  const url = popups?.list?.find((p) => p.imageUrl)?.imageUrl;
  if (!url || !/^(\/(?!\/)|https:\/\/)/.test(url)) return '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${htmlText(url)}">`;
}

/** @fastify/compress hooks routes only, and the shell is the not-found answer: it is encoded here. */
function encodeShell(req: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  const accept = String(req.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accept)) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accept)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(html);
  }
  return html;
}

/**
 * The built PWA: hashed files under /assets are served from their brotli/gzip twins made at
 * build time and cached for a year; the shell, the service worker and the manifest are revalidated
 * on every load so updates are seen. Returns the handler for client routes (`/demo/...`), or null
 * when no build is present.
 */
export async function registerClient(fastify: FastifyInstance, app: HttpApp, brand: BrandRoutes) {
  const root = resolve(app.config.staticDir ?? 'dist');
  const shellFile = join(root, 'index.html');
  if (!existsSync(shellFile)) return null;
  await fastify.register(fastifyStatic, {
    root,
    wildcard: false,
    // `/` is the shell like every client route (it says whether the demo site is there), not the file as built
    index: false,
    preCompressed: true,
    setHeaders(reply, path) {
      const asset = /[\\/]assets[\\/]/.test(path);
      reply.header('cache-control', asset ? IMMUTABLE : 'no-cache');
      // a page's ~50 hashed chunks would each carry ~900 bytes of headers that only a document reads
      if (asset) for (const h of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(h);
    },
  });

  // the built shell does not change while the server runs (a new build means a restart)
  const builtShell = await readFile(shellFile, 'utf8');
  const preloads = loadPreloads(root, builtShell);
  const shellHtml = await inlineEntryStyles(root, builtShell);
  // each site's shell with its title, colour, manifest and icons; a new brand is a new object
  const branded = new WeakMap<Brand, string>();
  const siteShell = (b: Brand) => branded.get(b) ?? branded.set(b, brandHead(shellHtml, b)).get(b)!;

  /**
   * Every client route opens the shell, with the site's public info embedded so the app needs no
   * round trip to start, and the page's own chunks, styles and catalogue named for preloading.
   */
  return async function sendShell(req: FastifyRequest, reply: FastifyReply) {
    // a chunk of an older build is gone: answering HTML would be run as a script
    if (req.url.startsWith('/assets/')) return reply.status(404).header('cache-control', 'no-cache').send();
    let html = shellHtml;
    const prefix = /^\/([A-Za-z0-9_-]{1,40})(?:[/?#]|$)/.exec(req.url)?.[1];
    if (otherSiteOnHost(reply, await brand.hostSite(req), prefix)) return reply;
    const page = preloads(req.url, req.headers.cookie);
    const [boot, look] = prefix ? await Promise.all([publicSite(app, prefix, page.shell).catch(() => null), brand.brandOf(prefix).catch(() => null)]) : [null, null];
    if (look) html = siteShell(look);
    else if (req.url.split(/[?#]/)[0] === '/' && (await demoOpen(app))) html = html.replace('</head>', `${DEMO_MARK}</head>`);
    if (boot) {
      // the login screens open on the logo
      const image = page.shell
        ? popupImage(boot.popups)
        : `<link rel="preload" as="image" fetchpriority="high" href="${look ? `/${look.prefix}/icons/icon-192.png` : '/icons/icon-192.png'}">`;
      const data = `<script id="pitboss-boot" type="application/json">${scriptSafeJson(boot)}</script>`;
      const early = page.shell ? earlyScriptTag(req.url.split(/[?#]/)[0]) : '';
      // after the app's code (asked first: the calls' answer is small, the code is what the screen
      // waits for) and before the styles. Replaced by functions: the site's texts may hold `$&` and the like.
      const at = html.includes('<style>') ? '<style>' : '</head>';
      html = html.replace(at, (tag) => data + early + tag).replace('</head>', (end) => image + page.tags.join('') + end);
      const paint = loginFirstPaint(page.route, prefix!, boot.site.siteName);
      if (paint) html = html.replace('<div id="root"></div>', () => `<div id="root">${paint}</div>`);
      // any page of the site: the service worker keeps the last one as the site's shell, whatever page opens from it
      html = html.replace('</body>', (end) => lastPaintScriptTag + end);
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return reply.send(encodeShell(req, reply, html));
  };
}
