import type { Writable } from 'node:stream';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { ApiError } from '../../contract/codes.js';
import type { AppContext } from '../context.js';
import type { HttpApp, HttpParts } from './httpContext.js';
import { registerApiDocs } from './apiDocs.js';
import type { RouteDef } from '../handler.js';
import { registerRoutes } from './route.js';
import { TransportError } from './transportError.js';
import { allRoutes } from './routes.js';
import { dbErrorAnswer } from './dbErrors.js';
import { logCall, loggerOptions } from './logging.js';
import { registerSealing } from './sealing.js';
import { registerSecurityHeaders } from './security.js';
import { registerEarlyCalls } from './earlyData.js';
import { registerClient, registerCompression } from './static.js';
import { registerBrand } from './brand.js';
import { RateLimited, registerThrottle } from './throttle.js';
import { registerHealth } from '../ops/health.js';
import { createMetrics, httpObserver, registerMetricsRoute } from '../ops/metrics.js';
import type { Ops } from '../ops/ops.js';

const envelope = (resultCode: string, resultMessage: string) => ({ resultCode, resultMessage, data: null });

/** Fastify takes a hop count as a function of the hop index. */
const trustProxyOption = (t: AppContext['config']['trustProxy']) => (typeof t === 'number' ? (_addr: string, hop: number) => hop < t : t);

/** The HTTP server: the API under /api, the live channel at /ws, and the built PWA for everything else. */
export async function buildHttp(app: HttpApp, extra: RouteDef<HttpParts>[] = [], opts: { logStream?: Writable; ops?: Ops } = {}): Promise<FastifyInstance> {
  const fastify = Fastify({ ...loggerOptions(app.config, opts.logStream), bodyLimit: 256 * 1024, trustProxy: trustProxyOption(app.config.trustProxy) });
  const ops = opts.ops ?? newOps(app);
  fastify.decorateReply('resultCode', undefined);
  const observe = httpObserver(ops.metrics);
  // the access line and the call's timing in one hook, without a promise: it runs on every call
  fastify.addHook('onResponse', (req, reply, done) => {
    logCall(fastify.log, req, reply);
    observe(req, reply);
    done();
  });
  registerSecurityHeaders(fastify, app.config);

  fastify.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof RateLimited) {
      reply.resultCode = err.code;
      return reply.status(429).header('retry-after', String(err.retryAfterSec)).send(envelope(err.code, err.message));
    }
    if (err instanceof TransportError) {
      reply.resultCode = err.code;
      return reply.status(err.status).send(envelope(err.code, err.message));
    }
    const known = err instanceof ApiError ? err : dbErrorAnswer(err);
    if (known) {
      reply.resultCode = known.code;
      if (!(err instanceof ApiError)) req.log.warn({ sqlState: (err as { code?: string }).code, msg: (err as Error).message }, 'database refused the call');
      return reply.status(200).send({ resultCode: known.code, resultMessage: known.message, data: known.data });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 413) {
      reply.resultCode = 'R413';
      return reply.status(413).send(envelope('R413', 'Request body too large'));
    }
    if (status >= 400 && status < 500) {
      reply.resultCode = 'R400';
      return reply.status(400).send(envelope('R400', 'Malformed request'));
    }
    reply.resultCode = 'S500';
    req.log.error({ err }, 'call failed');
    return reply.status(500).send(envelope('S500', 'Server error, please retry'));
  });

  const throttle = await registerThrottle(fastify, app.config);
  const routes = [...allRoutes, ...extra];
  // before compression: the sealed answer is what gets compressed
  registerSealing(
    fastify,
    app,
    routes.filter((r) => r.call.access !== 'vendor').map((r) => r.call.path),
  );
  await registerCompression(fastify);
  registerRoutes(fastify, app, routes, throttle);
  registerEarlyCalls(fastify);
  registerApiDocs(
    fastify,
    routes.map((r) => r.call),
  );
  registerHealth(fastify, app, ops);
  registerMetricsRoute(fastify, app, ops.metrics);

  const brand = registerBrand(fastify, app);
  const sendShell = await registerClient(fastify, app, brand);

  fastify.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !sendShell) {
      return reply.status(404).send(envelope('R404', 'Unknown call'));
    }
    // client-side routes: every other path opens the app shell
    return sendShell(req, reply);
  });

  return fastify;
}

/** A server's shared ops state: not draining, its own metrics registry. */
export function newOps(app: AppContext): Ops {
  const ops: Ops = { draining: false, metrics: createMetrics(app, () => ops) };
  return ops;
}
