import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Config } from '../config.js';
import { earlyScriptHash } from './earlyData.js';
import { lastPaintScriptHash } from './lastPaintScript.js';

// The live channel is same-origin; older Safari does not count ws: under 'self', so it is named.
const liveOrigins = (req: IncomingMessage) => {
  const host = req.headers.host ?? '';
  return /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host) ? `ws://${host} wss://${host}` : '';
};

/** The demo vendor's game page (`/{prefix}/game/{vendor}/{game}`): the app's game view frames it. */
const isGamePage = (url: string) => /^\/[A-Za-z0-9_-]+\/game\/[^/?#]+\/[^/?#]+(?:[?#]|$)/.test(url);

/**
 * Security headers on every answer: the app's own scripts only (Vite's hashed bundles, the
 * service worker and Workbox, all same-origin files), no framing (the game page: by the app's own
 * origin only), no sniffing, no referrer leaks to other sites; HSTS only when served over TLS.
 * Helmet's middleware is built once here (the Fastify plugin rebuilt it, directives parsed and
 * checked, on every request).
 */
export function registerSecurityHeaders(fastify: FastifyInstance, config: Pick<Config, 'tls'>) {
  const pageHeaders = (framedBySelf: boolean) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // and the shell's two inline scripts: a page's first calls (earlyData.ts), its last-seen copy (lastPaintScript.ts)
          scriptSrc: ["'self'", earlyScriptHash, lastPaintScriptHash],
          // CSS modules are files; React's style props and sheet libraries set inline styles
          styleSrc: ["'self'", "'unsafe-inline'"],
          // notices and banners carry https and data: images; the captcha is a data: SVG
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", (req) => liveOrigins(req as IncomingMessage)],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          // vendors' bet-detail pages open in a sandboxed frame
          frameSrc: ["'self'", 'https:'],
          frameAncestors: [framedBySelf ? "'self'" : "'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      frameguard: { action: framedBySelf ? 'sameorigin' : 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      hsts: config.tls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // games play in the app's own frame now, never a window that reports to its opener
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
    });
  const setHeaders = pageHeaders(false);
  const setGameHeaders = pageHeaders(true);
  // The headers depend only on the Host (the live channel's origin in the CSP): helmet's answer is
  // kept per host, a few hosts at most, so a call does not rebuild and re-check the policy.
  const byHost = new Map<string, [string, string][]>();
  const headersFor = (raw: IncomingMessage, game: boolean) => {
    const key = `${game ? 'game ' : ''}${raw.headers.host ?? ''}`;
    let set = byHost.get(key);
    if (!set) {
      const res = new ServerResponse(raw);
      (game ? setGameHeaders : setHeaders)(raw, res, () => undefined);
      set = Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)]);
      if (byHost.size < 64) byHost.set(key, set);
    }
    return set;
  };
  // A JSON answer is never a document: it takes the strictest policy, no sources at all, no framing
  // and no sniffing (OWASP's REST headers), and none of the headers that govern a page.
  const jsonHeaders: [string, string][] = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-resource-policy', 'same-origin'],
    // per user and per moment: never kept by a browser or a shared cache
    ['cache-control', 'no-store'],
    ...(config.tls ? ([['strict-transport-security', 'max-age=31536000; includeSubDomains']] as [string, string][]) : []),
  ];
  fastify.addHook('onRequest', (req, reply, done) => {
    const set = isJsonCall(req.url) ? jsonHeaders : headersFor(req.raw, isGamePage(req.url));
    for (const [k, v] of set) reply.raw.setHeader(k, v);
    done();
  });
}

/** Calls under /api answer JSON; the API reference page and its files are a document. */
const isJsonCall = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
