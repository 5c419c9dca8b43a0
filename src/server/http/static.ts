import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { commonCalls } from '../../contract/common.js';
import type { AppContext, RequestContext } from '../context.js';
import { commonRoutes } from './common.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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

const handlerOf = (path: string) => commonRoutes.find((r) => r.call.path === path)!.handler;

/** The answers of /api/common/site and /api/common/siteCheckInfo for a prefix, from the same handlers. */
async function publicSite(app: AppContext, prefix: string) {
  const row = await app.sites.getByPrefix(prefix);
  if (!row) return null;
  const ctx = { ...app, site: row, caller: null, ip: '', token: null } as RequestContext;
  const [site, check] = await Promise.all([handlerOf(commonCalls.site.path)({ prefix }, ctx), handlerOf(commonCalls.siteCheckInfo.path)({}, ctx)]);
  return { prefix, site, check };
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
export async function registerClient(fastify: FastifyInstance, app: AppContext) {
  const root = resolve(app.config.staticDir ?? 'dist');
  const shellFile = join(root, 'index.html');
  if (!existsSync(shellFile)) return null;
  await fastify.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    setHeaders(res, path) {
      res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : 'no-cache');
    },
  });

  /** Every client route opens the shell, with the site's public info embedded so the app needs no round trip to start. */
  return async function sendShell(req: FastifyRequest, reply: FastifyReply) {
    // a chunk of an older build is gone: answering HTML would be run as a script
    if (req.url.startsWith('/assets/')) return reply.status(404).header('cache-control', 'no-cache').send();
    let html = await readFile(shellFile, 'utf8');
    const prefix = /^\/([A-Za-z0-9_-]{1,40})(?:[/?#]|$)/.exec(req.url)?.[1];
    const boot = prefix ? await publicSite(app, prefix).catch(() => null) : null;
    if (boot) html = html.replace('</head>', `<script id="pitboss-boot" type="application/json">${scriptSafeJson(boot)}</script></head>`);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return reply.send(encodeShell(req, reply, html));
  };
}
