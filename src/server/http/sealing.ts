import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commonCalls } from '../../contract/common.js';
import { siteCalls } from '../../contract/site.js';
import { isSealedBody, open, seal } from '../../contract/sealed.js';
import type { HttpApp } from './httpContext.js';
import { TransportError } from './transportError.js';
import { SealKeys, type SealKey } from './sealKeys.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the key and counter a sealed request came under: its answer is sealed with them */
    sealed?: { key: SealKey; n: number; path: string };
  }
}

/**
 * Sealed bodies on the contract's calls: a sealed request is opened before validation and its
 * answer (success or refusal) sealed on the way out; a plain body on a site that has sealing on is
 * refused. Not sealed: the public site lookup and the handshake (they come before any key), and
 * everything outside the contract's calls (vendor callbacks, health, metrics, docs, static files).
 */
/** Calls that come before any key exists (the public site lookup and the handshake): never sealed. */
const plainCalls = new Set([commonCalls.site.path, siteCalls.sealKey.path]);

/** Whether a site that has sealing on refuses this call's plain body (EN003, checked with the site key in the route). */
export const sealsBody = (path: string) => !plainCalls.has(path);

/**
 * Sealed bodies on the contract's calls: a sealed request is opened before validation and its
 * answer (success or refusal) sealed on the way out. Not sealed: the calls above and everything
 * outside the contract's calls (vendor callbacks, health, metrics, docs, static files). A plain
 * body passes both hooks without a promise: they run on every call.
 */
export function registerSealing(fastify: FastifyInstance, app: HttpApp, paths: string[]) {
  const sealable = new Set(paths.filter(sealsBody));

  fastify.addHook('preValidation', (req, _reply, done) => {
    const path = req.routeOptions.url;
    if (!isSealedBody(req.body) || req.method !== 'POST' || !path || !sealable.has(path)) return done();
    unseal(app, req, path, req.body).then((inner) => {
      req.body = inner;
      done();
    }, done);
  });

  fastify.addHook('onSend', (req, reply, payload, done) => {
    if (!req.sealed || typeof payload !== 'string') return done(null, payload);
    const { key, n, path } = req.sealed;
    reply.header('content-type', 'application/json; charset=utf-8');
    seal(key.keys.res, 'res', path, key.keyId, n, payload).then((sealed) => done(null, JSON.stringify(sealed)), done);
  });
}

async function unseal(app: HttpApp, req: FastifyRequest, path: string, body: { k: string; n: number; iv: string; ct: string }): Promise<unknown> {
  const key = app.sealKeys.get(body.k);
  if (!key) throw new TransportError(400, 'EN002');
  if (!SealKeys.fresh(key, body.n)) throw new TransportError(400, 'EN001');
  let inner: unknown;
  try {
    inner = JSON.parse(await open(key.keys.req, 'req', path, body));
  } catch {
    throw new TransportError(400, 'EN004');
  }
  // checked again after the await: of two copies in flight only the first passes
  if (!SealKeys.fresh(key, body.n)) throw new TransportError(400, 'EN001');
  SealKeys.use(key, body.n);
  // a key serves the site it was agreed for
  const siteId = (inner as { siteId?: unknown } | null)?.siteId;
  if (String(siteId) !== key.siteId) throw new TransportError(400, 'EN002');
  req.sealed = { key, n: body.n, path };
  return inner;
}
