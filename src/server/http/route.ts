import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError } from '../../contract/codes.js';
import type { Call, ParsedReqOf, ResOf } from '../../contract/define.js';
import { isPartnerLogin } from '../../contract/enums.js';
import { callContext, type AppContext, type AuthedContext, type PublicContext, type RequestContext } from '../context.js';
import { resolveSession } from '../domain/auth/sessions.js';
import { keyMatches } from '../domain/platform/apiKeys.js';
import { assertSiteOpen } from '../domain/platform/siteState.js';
import { endBlockedSession, isBlockedNow } from '../domain/site/ipBlock.js';
import { forgetAllSites } from '../domain/site/siteCache.js';
import { answerJson, compileWriters, ContractBreach } from './answers.js';
import { TransportError } from './transportError.js';
import { maintenanceGate } from './gates.js';
import { nulPath } from './inputs.js';
import { sealsBody } from './sealing.js';
import type { Throttle } from './throttle.js';
import { isAuditedAction, redact, targetOf, writeAudit, writeRefusal } from '../domain/site/audit.js';

type CtxFor<C extends Call> = C['access'] extends 'public' ? PublicContext : C['access'] extends 'site' ? RequestContext : AuthedContext;
export type Handler<C extends Call> = (req: ParsedReqOf<C>, ctx: CtxFor<C>) => Promise<ResOf<C>>;

export interface RouteDef {
  call: Call;
  handler: (req: unknown, ctx: PublicContext | RequestContext) => Promise<unknown>;
  /** this call's own body limit in bytes, above the server's (a logo upload) */
  bodyLimit?: number;
}

export function defineRoute<C extends Call>(call: C, handler: Handler<C>, opts: { bodyLimit?: number } = {}): RouteDef {
  // the route hands each handler the context its access level promises (contextFor below)
  return { call, handler: handler as RouteDef['handler'], ...opts };
}

/** Forgets every cached site row in this process (tests that edit sites behind the API's back). */
export const forgetSites = forgetAllSites;

function header(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 ? v : null;
}

/** Builds the request context: site from body.siteId + Authorization key, caller from X-Auth-Token. */
async function contextFor(app: AppContext, def: RouteDef, req: FastifyRequest): Promise<PublicContext | RequestContext> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const ip = req.ip;
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
  const ctx: RequestContext = callContext(app, { site, caller: null as RequestContext['caller'], ip, token, cookie: header(req, 'cookie'), setCookies: [] as string[] });
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

function fieldError(e: z.ZodError) {
  const first = e.issues[0];
  return new ApiError('V001', `${first?.path.join('.') || 'body'}: ${first?.message ?? 'invalid'}`);
}

/**
 * One POST route per call: context (site key, session), throttles, body checks (NUL anywhere,
 * then the call's schema), the maintenance gate, then the handler; answers in the envelope.
 */
export function registerRoutes(fastify: FastifyInstance, app: AppContext, defs: RouteDef[], throttle: Throttle | null = null) {
  // a checked server (PITBOSS_TEST_CHECK_ANSWERS) builds each writer on its call's first answer instead
  if (!app.config.checkAnswers) compileWriters(defs.map((d) => d.call));
  for (const def of defs) {
    // no client of ours compresses a request body, and a call's body is at most a few KB: no inflating
    fastify.post(def.call.path, { decompress: false, ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}) }, async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body)) throw new TransportError(400, 'R400');
      const ctx = await contextFor(app, def, req);
      const gate = await throttle?.before(def.call, req, body, ctx);
      const counted = gate?.counted ?? null;
      ctx.proved = gate?.proved ?? false;
      ctx.challengeRequired = gate?.challengeRequired ?? false;
      try {
        const nul = nulPath(body);
        if (nul) throw new ApiError('V001', `${nul}: NUL byte`);
        const { siteId: _siteId, ...rest } = body;
        const parsed = def.call.req.safeParse(rest);
        if (!parsed.success) throw fieldError(parsed.error);
        maintenanceGate(def.call, ctx, parsed.data as Record<string, unknown>);
        const data = await def.handler(parsed.data, ctx);
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
            target: ctx.audit?.target ?? targetOf(parsed.data),
            before: ctx.audit?.before,
            after: ctx.audit && 'after' in ctx.audit ? ctx.audit.after : redact(parsed.data),
          }).catch((err: unknown) => req.log.error({ err, action: def.call.path }, 'audit row not written after a completed call'));
        }
        reply.resultCode = '0';
        const answer = answerJson(def.call, data, app.config.checkAnswers);
        if (ctx.setCookies?.length) reply.header('set-cookie', ctx.setCookies);
        return reply.type('application/json; charset=utf-8').send(answer);
      } catch (e) {
        if (counted && e instanceof ApiError) await counted(e.code);
        if (def.call.access === 'admin' && ctx.caller && e instanceof ApiError) await auditRefusal(app, ctx, def, e.code, req, body);
        if (!(e instanceof ContractBreach)) throw e;
        // loud everywhere: logged, and only a checked test server's answer names the field
        req.log.error({ path: e.path, issues: e.issues }, 'answer outside the contract');
        reply.resultCode = 'S500';
        return reply.status(500).send({ resultCode: 'S500', resultMessage: app.config.checkAnswers ? e.message : 'Server error, please retry', data: null });
      }
    });
  }
}
