import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type ResultCode } from '../../contract/codes.js';
import { isPartnerLogin } from '../../contract/enums.js';
import { callContext, type AppContext, type PublicContext, type RequestContext, type VendorContext } from '../context.js';
import type { HttpApp, HttpParts } from './httpContext.js';
import { parseRequest, type RouteDef } from '../handler.js';
import { resolveSession } from '../domain/auth/sessions.js';
import { openWalletCall } from '../domain/games/walletAccess.js';
import { keyMatches } from '../domain/platform/apiKeys.js';
import { assertSiteOpen } from '../domain/platform/siteState.js';
import { endBlockedSession, isBlockedNow } from '../domain/site/ipBlock.js';
import { forgetAllSites } from '../domain/site/siteCache.js';
import { answerJson, compileWriters, ContractBreach } from './answers.js';
import { TransportError } from './transportError.js';
import { maintenanceGate } from './gates.js';
import { sealsBody } from './sealing.js';
import type { Throttle } from './throttle.js';
import { isAuditedAction, redact, targetOf, writeAudit, writeRefusal } from '../domain/site/audit.js';

/** Forgets every cached site row in this process (tests that edit sites behind the API's back). */
export const forgetSites = forgetAllSites;

function header(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 ? v : null;
}

/** A refused vendor answers with these HTTP statuses (the rest of its refusals are 200). */
const vendorStatus: Partial<Record<ResultCode, number>> = { W002: 401, W009: 503 };

/** A wallet callback's context: the vendor of the path, the site of the body, the signature over the raw body. */
async function vendorContext(app: HttpApp, req: FastifyRequest, raw: string, body: Record<string, unknown>): Promise<VendorContext & HttpParts> {
  const signature = header(req, 'x-signature');
  const { vendorCode } = req.params as { vendorCode: string };
  try {
    const { site, vendor } = await openWalletCall(app, vendorCode, body.siteId, raw, signature);
    return callContext(app, { site, vendor, caller: null, ip: req.ip, token: null });
  } catch (e) {
    const status = e instanceof ApiError ? vendorStatus[e.code] : undefined;
    throw status ? new TransportError(status, (e as ApiError).code) : e;
  }
}

/**
 * Builds the request context: site from body.siteId + Authorization key, caller from X-Auth-Token;
 * a vendor's from its signature.
 */
async function contextFor(app: HttpApp, def: RouteDef<HttpParts>, req: FastifyRequest, body: Record<string, unknown>): Promise<(PublicContext | RequestContext) & HttpParts> {
  const ip = req.ip;
  if (def.call.access === 'vendor') return vendorContext(app, req, req.body as string, body);
  if (def.call.access === 'public') {
    return callContext(app, { site: null, caller: null, ip, token: header(req, 'x-auth-token'), cookie: header(req, 'cookie') });
  }
  const siteId = typeof body.siteId === 'string' ? body.siteId : typeof body.siteId === 'number' ? String(body.siteId) : '';
  if (!siteId) throw new TransportError(404, 'S404');
  const site = await app.sites.get(siteId);
  if (!site) throw new TransportError(404, 'S404');
  const key = header(req, 'authorization');
  if (!key || !keyMatches(site, key.replace(/^Bearer\s+/i, ''), app.clock.now())) throw new TransportError(401, 'S401');
  // a site the platform suspended or archived answers every call so, whoever calls
  assertSiteOpen(site);
  // a site that has sealing on takes no plain body (req.sealed is set when one was opened)
  if (site.seal_yn === 'Y' && !req.sealed && sealsBody(def.call.path)) throw new TransportError(400, 'EN003');
  const token = header(req, 'x-auth-token');
  const ctx: RequestContext & HttpParts = callContext(app, {
    site,
    caller: null as RequestContext['caller'],
    ip,
    token,
    cookie: header(req, 'cookie'),
    setCookies: [] as string[],
  });
  if (def.call.access === 'site') {
    if (token) ctx.caller = await resolveSession(app.db, site.id, token, app.clock.now(), app.sessions).catch(() => null);
    return ctx;
  }
  if (!token) throw new ApiError('TK001');
  ctx.caller = await resolveSession(app.db, site.id, token, app.clock.now(), app.sessions);
  if (await isBlockedNow(app, site.id, ip)) {
    await endBlockedSession(app, site.id, ctx.caller.memId, ctx.caller.sessionId);
    throw new ApiError('U004');
  }
  if (def.call.access === 'partner' && !isPartnerLogin(ctx.caller.loginType)) throw new ApiError('A001');
  if (def.call.access === 'partnerOrAdmin' && !isPartnerLogin(ctx.caller.loginType) && ctx.caller.loginType !== 'ADMIN') throw new ApiError('A001');
  if (def.call.access === 'admin' && ctx.caller.loginType !== 'ADMIN') {
    await auditRefusal(app, ctx, def, 'A001', req, body);
    throw new ApiError('A001');
  }
  return ctx;
}

/** A refused operator call is recorded too: who, which call, from where, the answer's code and the body's size (never the body), folded per minute. */
async function auditRefusal(app: AppContext, ctx: RequestContext, def: RouteDef, code: string, req: FastifyRequest, body: Record<string, unknown>) {
  if (!ctx.caller) return;
  const { siteId: _siteId, ...rest } = body;
  await writeRefusal(app.db, {
    siteId: ctx.site.id,
    actorId: ctx.caller.id,
    actor: ctx.caller.memId,
    action: def.call.path,
    code,
    ip: ctx.ip,
    at: app.clock.now(),
    target: targetOf(rest)?.slice(0, 120),
    bodyBytes: Number(req.headers['content-length'] ?? 0) || Buffer.byteLength(JSON.stringify(body)),
  }).catch(() => {});
}

/**
 * One POST route per call: context (site key and session, or a vendor's signature), throttles,
 * body checks (NUL anywhere, then the call's schema), the maintenance gate, then the handler; answers
 * in the envelope, written by the call's compiled writer. The wallet callbacks share one route,
 * /api/vendor/:vendorCode/:action, whose JSON body is kept raw for the signature.
 */
export function registerRoutes(fastify: FastifyInstance, app: HttpApp, defs: RouteDef<HttpParts>[], throttle: Throttle | null = null) {
  // a checked server (PITBOSS_TEST_CHECK_ANSWERS) builds each writer on its call's first answer instead
  if (!app.config.checkAnswers) compileWriters(defs.map((d) => d.call));
  const serve = pipeline(app, throttle);
  const wallet = new Map<string, RouteDef<HttpParts>>();
  for (const def of defs) {
    if (def.call.access === 'vendor') {
      wallet.set(def.call.path, def);
      continue;
    }
    // no client of ours compresses a request body, and a call's body is at most a few KB: no inflating
    fastify.post(def.call.path, { decompress: false, ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}) }, (req, reply) =>
      serve(def, req, reply, (req.body ?? {}) as Record<string, unknown>),
    );
  }
  if (!wallet.size) return;
  void fastify.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { vendorCode: string; action: string } }>('/api/vendor/:vendorCode/:action', (req, reply) => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(typeof req.body === 'string' ? req.body : '');
      } catch {
        throw new TransportError(400, 'R400');
      }
      const def = wallet.get(`/api/vendor/{vendorCode}/${req.params.action}`);
      if (!def) throw new TransportError(404, 'R404');
      return serve(def, req, reply, body ?? {});
    });
  });
}

function pipeline(app: HttpApp, throttle: Throttle | null) {
  return async (def: RouteDef<HttpParts>, req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>) => {
    if (typeof body !== 'object' || Array.isArray(body)) throw new TransportError(400, 'R400');
    const ctx = await contextFor(app, def, req, body);
    const gate = await throttle?.before(def.call, req, body, ctx);
    const counted = gate?.counted ?? null;
    ctx.proved = gate?.proved ?? false;
    ctx.challengeRequired = gate?.challengeRequired ?? false;
    ctx.idOverLimit = gate?.idOverLimit ?? false;
    try {
      const { siteId: _siteId, ...rest } = body;
      const parsed = parseRequest(def.call, rest);
      maintenanceGate(def.call, ctx, parsed as Record<string, unknown>);
      const data = await def.handler(parsed, ctx);
      // every operator action, and whatever other handler names a change of access or money in ctx.audit
      if (ctx.caller && ((def.call.access === 'admin' && isAuditedAction(def.call.path)) || ctx.audit)) {
        // the call's work is done (money may have moved): an audit row that cannot be written is the
        // operator's to see in the log, never a refusal the caller would retry with a new request id
        await writeAudit(app.db, {
          siteId: ctx.site.id,
          actorId: ctx.caller.id,
          actor: ctx.caller.memId,
          action: def.call.path,
          ip: ctx.ip,
          at: app.clock.now(),
          target: ctx.audit?.target ?? targetOf(parsed),
          before: ctx.audit?.before,
          after: ctx.audit && 'after' in ctx.audit ? ctx.audit.after : redact(parsed),
        }).catch((err: unknown) => req.log.error({ err, action: def.call.path }, 'audit row not written after a completed call'));
      }
      reply.resultCode = '0';
      const answer = answerJson(def.call, data, app.config.checkAnswers);
      if (ctx.setCookies?.length) reply.header('set-cookie', ctx.setCookies);
      return reply.type('application/json; charset=utf-8').send(answer);
    } catch (e) {
      if (counted && e instanceof ApiError) await counted(e.code);
      const operatorCall = def.call.access === 'admin' || (def.call.access === 'partnerOrAdmin' && ctx.caller?.loginType === 'ADMIN');
      if (operatorCall && ctx.caller && e instanceof ApiError) await auditRefusal(app, ctx, def, e.code, req, body);
      if (!(e instanceof ContractBreach)) throw e;
      // loud everywhere: logged, and only a checked test server's answer names the field
      req.log.error({ path: e.path, issues: e.issues }, 'answer outside the contract');
      reply.resultCode = 'S500';
      return reply.status(500).send({ resultCode: 'S500', resultMessage: app.config.checkAnswers ? e.message : 'Server error, please retry', data: null });
    }
  };
}
