import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Call, Envelope, ReqOf, ResOf } from '../../src/contract/define.js';
import { readLimits, type Config, type Limits } from '../../src/server/config.js';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { buildHttp } from '../../src/server/http/app.js';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { PowChallenge, PowProof } from '../../src/contract/member.js';
import { siteCalls } from '../../src/contract/site.js';
import { Sealer } from '../../src/app/lib/sealing.js';
import { freshPostgres } from './dbTemplate.js';

export { freshPostgres, pgAdminUrl } from './dbTemplate.js';

// suites solve many challenges: cheap ones (the server reads these when it makes a challenge)
process.env.PITBOSS_POW_COST ??= '1';
process.env.PITBOSS_POW_COUNTER ??= '40';

/** Solves a challenge as the app does (in Node instead of a browser worker). */
export async function solve(challenge: PowChallenge): Promise<PowProof> {
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}

/** Calls that always need a solved challenge: signup, and logins on the partner and operator screens. */
const needsProof = (path: string, body: Record<string, unknown>) =>
  !('pow' in body) && (path === '/api/member/signup' || (path === '/api/member/login' && (body.loginPage === 'partner' || body.loginPage === 'admin')));

/** Which database the API tests run on: PGlite in memory (default) or a fresh PostgreSQL database. */
export const testDb = (process.env.PITBOSS_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
/**
 * Whether this suite runs the tests whose outcome does not hang on its database (command lines,
 * installs, start-up failures: each starts what it needs itself), which run once in a run: in the
 * PGlite suite, unless `npm test` names the PostgreSQL one that runs beside it, to even out the two.
 */
export const runsDatabaseFree = testDb === (process.env.PITBOSS_TEST_DB_FREE ?? 'pglite');
/** Whether the API tests run with sealed bodies on for the test site (docs/encrypted-bodies.md). */
export const testSealed = process.env.PITBOSS_TEST_SEALED === '1';

export interface TestServer extends RunningServer {
  siteId: string;
  apiKey: string;
  /** POST a call as a client would: siteId in the body, site key and token in headers; signup and staff-screen logins get a solved challenge unless the body names `pow`. */
  post<T = any>(path: string, body?: Record<string, unknown>, token?: string | null): Promise<Envelope<T>>;
  /** A call through the contract: its path, the body's type and the answer's type come from it (`post` stays for malformed bodies and raw paths). */
  call<C extends Call>(c: C, body: ReqOf<C>, token?: string | null): Promise<Envelope<ResOf<C>>>;
  /** One caller's client: `call` with its token fixed (null: no session). */
  as(token: string | null | undefined): Client;
  /** One caller's client whose body is not type-checked (refusal tests' malformed bodies): the call's path and answer type. */
  loose(token?: string | null): LooseClient;
  /** The platform console's client: no site key and no siteId, the console session (if any) in X-Auth-Token. */
  platform(token?: string | null): Client;
  /** A test's own client (inject, other addresses) sends its bodies through this: sealed as `post` seals them. */
  through: SealingClient;
  /** Raw fetch for transport-level checks. */
  raw(path: string, init: RequestInit): Promise<Response>;
  login(memId: string, password?: string): Promise<string>;
  /** the server's clock (moved by clockOffsetMs) */
  now(): number;
}

/**
 * An answer as a test reads it: the call's data type, not null: a test reads data after its
 * resultCode, and a refusal's null data fails the test's next line loudly.
 */
export interface Answer<T> {
  resultCode: string;
  resultMessage: string;
  data: T;
}

/** A typed client through the contract: the call names the path, the body's type and the answer's. */
export type Client = <C extends Call>(c: C, body: ReqOf<C>) => Promise<Answer<ResOf<C>>>;

/**
 * A client whose body the compiler does not check: the call names the path and the answer's type,
 * and the body may be anything (a missing field, a string for a number), as a broken or hostile
 * client sends it. Prefer `as` where the body is the contract's.
 */
export type LooseClient = <C extends Call>(c: C, body?: Record<string, unknown>) => Promise<Answer<ResOf<C>>>;

/** Posts one body (as the caller builds it) and answers the parsed JSON. */
export type SealingClient = (path: string, payload: Record<string, unknown>, send: (body: unknown) => Promise<unknown>) => Promise<Envelope<any>>;
const plainOnly = new Set([siteCalls.sealKey.path, '/api/common/site']);

/**
 * A client that seals as the app does, with one sealer per server (`handshake` posts a body to that
 * server's handshake call): always under PITBOSS_TEST_SEALED=1, else only once the server answers EN003.
 */
export function sealingClient(siteId: string, handshake: (body: unknown) => Promise<unknown>): SealingClient {
  const sealer = new Sealer(siteId, async (pub) => ((await handshake({ siteId, pub })) as Envelope<{ keyId: string; pub: string }>).data!);
  return async (path, payload, send) => {
    if (testSealed && !plainOnly.has(path)) return sealer.call(path, payload, send);
    const answer = (await send(payload)) as Envelope<any>;
    return answer.resultCode === 'EN003' ? sealer.call(path, payload, send) : answer;
  };
}

/**
 * Suites log in and fetch captchas far faster than a person: their server gets roomy limits
 * (still on). Throttle tests pass small ones through `limits`.
 */
export function roomyLimits(): Limits {
  const base = readLimits({});
  const roomy = { max: 100_000, windowMs: 60_000 };
  return {
    ...base,
    namespace: `pitboss-test-${randomBytes(6).toString('hex')}:`,
    loginPerIp: roomy,
    loginPerAccount: roomy,
    loginFailPerIp: roomy,
    adminLoginFailPerIp: roomy,
    checkIdPerIp: roomy,
    signupPerIp: roomy,
    captchaPerIp: roomy,
    cashOutPassFailPerMember: roomy,
    siteLookupPerIp: roomy,
    sealKeyPerIp: roomy,
  };
}

export { bankSafeOffset } from '../bankWindow.js';

/** Two servers on one fresh PostgreSQL database, told of each other's changes through Redis. */
export interface TwoInstances {
  a: RunningServer;
  b: RunningServer;
  siteId: string;
  apiKey: string;
  close(): Promise<void>;
}

/** The run's seeded template database (PostgreSQL runs), when the run has one. */
export function templateDatabase(): string | undefined {
  const t = inject('dbTemplate');
  return t?.kind === 'postgres' ? t.database : undefined;
}

export async function startTwoInstances(redisUrl: string, overrides: Partial<Config> = {}): Promise<TwoInstances> {
  const fresh = await freshPostgres(overrides.clockOffsetMs ? undefined : templateDatabase());
  // each pair keeps its own Redis channels and keys by its database (live/redisScope.ts), as deployments do
  const limits = readLimits({});
  const common = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: fresh.url,
    dataDir: 'memory://',
    staticDir: '/nonexistent',
    testCaptcha: '1234',
    checkAnswers: true,
    redisUrl,
    limits,
    ...overrides,
  };
  // one after the other: the first migrates and seeds, the second finds it done
  const a = await startServer(common);
  const b = await startServer(common);
  const res = await fetch(`${a.url}/api/common/site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prefix":"demo"}' });
  const site = ((await res.json()) as Envelope<{ siteId: string; apiKey: string }>).data!;
  return {
    a,
    b,
    siteId: site.siteId,
    apiKey: site.apiKey,
    async close() {
      await a.close();
      await b.close();
      await fresh.drop();
    },
  };
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  let drop = async () => {};
  let databaseUrl: string | undefined;
  // the run's seeded copy, unless the server's clock is moved (the seed's times follow the clock)
  const template = overrides.clockOffsetMs ? undefined : inject('dbTemplate');
  if (testDb === 'postgres') {
    const fresh = await freshPostgres(template?.kind === 'postgres' ? template.database : undefined);
    databaseUrl = fresh.url;
    drop = fresh.drop;
  }
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    dataDir: 'memory://',
    memorySnapshot: template?.kind === 'pglite' ? template.snapshot : undefined,
    staticDir: '/nonexistent',
    testCaptcha: '1234',
    checkAnswers: true,
    limits: roomyLimits(),
    // a throw-away database: no heads anchored for it (a test that anchors names its own file)
    auditHeadsFile: null,
    ...overrides,
  });
  const siteRes = await fetch(`${server.url}/api/common/site`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: 'demo' }),
  });
  const site = ((await siteRes.json()) as Envelope<{ siteId: string; apiKey: string }>).data!;
  const send = async (path: string, body: unknown, token?: string | null) => {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: site.apiKey,
        ...(token ? { 'x-auth-token': token } : {}),
      },
      body: JSON.stringify(body),
    });
    return (await res.json()) as unknown;
  };
  // PITBOSS_TEST_SEALED=1: the site has sealed bodies on, and calls go through the app's sealer
  if (testSealed) {
    await server.app.db.updateTable('site').set({ seal_yn: 'Y' }).where('id', '=', site.siteId).execute();
    server.app.sites.forget();
  }
  const through = sealingClient(site.siteId, (b) => send(siteCalls.sealKey.path, b));
  const post: TestServer['post'] = async (path, body = {}, token) => {
    if (needsProof(path, body)) body = { ...body, pow: await solve((await post<{ challenge: PowChallenge }>('/api/member/challenge', {})).data!.challenge) };
    return through(path, { siteId: site.siteId, ...body }, (b) => send(path, b, token));
  };
  return {
    ...server,
    siteId: site.siteId,
    apiKey: site.apiKey,
    post,
    call: (c, body, token) => post(c.path, body as Record<string, unknown>, token),
    as: (token) => (c, body) => post<any>(c.path, body as Record<string, unknown>, token),
    loose:
      (token) =>
      (c, body = {}) =>
        post<any>(c.path, body, token),
    platform: (token) => async (c, body) => {
      const res = await fetch(server.url + c.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Envelope<any>;
    },
    raw: (path, init) => fetch(server.url + path, init),
    through,
    now: () => server.app.clock.now().getTime(),
    async login(memId, password = 'demo1234!') {
      const captcha = await post<{ captchaId: string }>('/api/member/captcha', {});
      // the operator's id signs in on the operator screen only
      const r = await post<{ token: string }>('/api/member/login', {
        memId,
        memPass: password,
        captchaId: captcha.data?.captchaId,
        captcha: '1234',
        ...(memId === 'admin' ? { loginPage: 'admin' } : {}),
      });
      if (r.resultCode !== '0') throw new Error(`login ${memId} failed: ${r.resultCode} ${r.resultMessage}`);
      return r.data!.token;
    },
    async close() {
      await server.close();
      await drop();
    },
  };
}

/**
 * One call to a server the suite built apart (other limits, another address) through inject,
 * sealed as `post` is when the suite runs sealed: the status, headers, first cookie and the answer.
 */
export async function injectCall(
  s: TestServer,
  f: FastifyInstance,
  path: string,
  body: Record<string, unknown> = {},
  o: { token?: string; ip?: string; cookie?: string | null; headers?: Record<string, string> } = {},
) {
  let r: Awaited<ReturnType<FastifyInstance['inject']>> | undefined;
  const answer = await s.through(path, { siteId: s.siteId, ...body }, async (payload) => {
    r = await f.inject({
      method: 'POST',
      url: path,
      payload: payload as Record<string, unknown>,
      remoteAddress: o.ip ?? '127.0.0.1',
      headers: { authorization: s.apiKey, ...(o.token ? { 'x-auth-token': o.token } : {}), ...(o.cookie ? { cookie: o.cookie } : {}), ...o.headers },
    });
    return r.json();
  });
  const set = r!.headers['set-cookie'];
  const cookie = (Array.isArray(set) ? set[0] : set)?.split(';')[0] ?? null;
  return { status: r!.statusCode, headers: r!.headers, cookie, ...(answer as { resultCode: string; resultMessage: string; data: any }) };
}

/**
 * Front ends on one test server's app, each with other settings (limits, a clock, an address rule),
 * for rules that only show under them; `close` ends them all.
 */
export function configVariants(server: () => TestServer) {
  const made: FastifyInstance[] = [];
  return {
    async variant(config: Partial<Config> = {}) {
      const s = server();
      const f = await buildHttp({ ...s.app, config: { ...s.app.config, ...config } });
      await f.ready();
      made.push(f);
      return f;
    },
    close: () => Promise.all(made.map((f) => f.close())),
  };
}
