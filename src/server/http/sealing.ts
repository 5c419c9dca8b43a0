import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commonCalls } from '../../contract/common.js';
import { siteCalls } from '../../contract/site.js';
import { isSealedBody, open, seal } from '../../contract/sealed.js';
import type { AppContext } from '../context.js';
import { sameKey, TransportError } from './route.js';
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
export function registerSealing(fastify: FastifyInstance, app: AppContext, paths: string[]) {
  const sealable = new Set(paths.filter((p) => p !== commonCalls.site.path && p !== siteCalls.sealKey.path));

  fastify.addHook('preValidation', async (req) => {
    const path = req.routeOptions.url;
    if (req.method !== 'POST' || !path || !sealable.has(path)) return;
    if (isSealedBody(req.body)) {
      req.body = await unseal(app, req, path, req.body);
      return;
    }
    const siteId = (req.body as { siteId?: unknown } | null)?.siteId;
    const site = typeof siteId === 'string' || typeof siteId === 'number' ? await app.sites.get(String(siteId)) : null;
    // a caller without the site key is answered S401 by the route, as on any site
    const key = req.headers.authorization;
    if (site?.seal_yn === 'Y' && typeof key === 'string' && sameKey(key.replace(/^Bearer\s+/i, ''), site.api_key)) throw new TransportError(400, 'EN003');
  });

  fastify.addHook('onSend', async (req, reply, payload) => {
    if (!req.sealed || typeof payload !== 'string') return payload;
    const { key, n, path } = req.sealed;
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(await seal(key.keys.res, 'res', path, key.keyId, n, payload));
  });
}

async function unseal(app: AppContext, req: FastifyRequest, path: string, body: { k: string; n: number; iv: string; ct: string }): Promise<unknown> {
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
