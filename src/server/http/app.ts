import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { ApiError } from '../../contract/codes.js';
import type { AppContext } from '../context.js';
import { registerRoutes, TransportError, type RouteDef } from './route.js';
import { allRoutes } from './routes.js';
import { registerVendorCallbacks } from '../vendors/callbacks.js';

const envelope = (resultCode: string, resultMessage: string) => ({ resultCode, resultMessage, data: null });

/** The HTTP server: the API under /api, the live channel at /ws, and the built PWA for everything else. */
export async function buildHttp(app: AppContext, extra: RouteDef[] = []): Promise<FastifyInstance> {
  const fastify = Fastify({ logger: false, bodyLimit: 256 * 1024, trustProxy: true });

  fastify.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof TransportError) return reply.status(err.status).send(envelope(err.code, err.message));
    if (err instanceof ApiError) return reply.status(200).send({ resultCode: err.code, resultMessage: err.message, data: err.data });
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 413) return reply.status(413).send(envelope('R413', 'Request body too large'));
    if (status >= 400 && status < 500) return reply.status(400).send(envelope('R400', 'Malformed request'));
    req.log.error(err);
    console.error(`[api] ${req.method} ${req.url}:`, err);
    return reply.status(500).send(envelope('S500', 'Server error, please retry'));
  });

  registerRoutes(fastify, app, [...allRoutes, ...extra]);
  await registerVendorCallbacks(fastify, app);
  // liveness for process managers and the test runner; says nothing about the data
  fastify.get('/api/health', async () => ({ resultCode: '0', resultMessage: 'OK', data: { db: app.handle.kind } }));

  const root = resolve(app.config.staticDir ?? 'dist');
  const hasClient = existsSync(join(root, 'index.html'));
  if (hasClient) {
    await fastify.register((await import('@fastify/static')).default, {
      root,
      wildcard: false,
      setHeaders(res, path) {
        // the service worker and the shell must be revalidated so updates are seen; hashed assets are immutable
        if (/\/assets\//.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  fastify.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasClient) {
      return reply.status(404).send(envelope('R404', 'Unknown call'));
    }
    // client-side routes: every other path opens the app shell
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });

  return fastify;
}
