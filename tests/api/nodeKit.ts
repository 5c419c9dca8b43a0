/** Clients of one API instance, for the tests that change something on one instance and read on another. */
import type { Call, Envelope, ReqOf, ResOf } from '../../src/contract/define.js';
import type { RunningServer } from '../../src/server/server.js';
import { sign } from '../../src/server/domain/games/signature.js';
import { vendorByCode } from '../../src/server/domain/games/wallet.js';
import { siteCalls } from '../../src/contract/site.js';
import { memberCalls } from '../../src/contract/member.js';
import { afterAll, beforeAll } from 'vitest';
import { roomyLimits, sealingClient, solve, startTwoInstances, type TwoInstances } from './harness.js';

/** One instance as a client sees it. */
export interface Node {
  /** a call through the contract, as a client sends it */
  call<C extends Call>(c: C, body: ReqOf<C>, token?: string | null): Promise<Envelope<ResOf<C>>>;
  login(memId: string): Promise<string>;
  /** a vendor's signed wallet callback; answers its result code */
  wallet(vendor: string, action: string, body: Record<string, unknown>): Promise<string>;
  app: RunningServer['app'];
}

export function nodeOf(srv: RunningServer, siteId: string, apiKey: string): Node {
  const send = async (path: string, body: unknown, token?: string | null) => {
    const res = await fetch(srv.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: apiKey, ...(token ? { 'x-auth-token': token } : {}) },
      body: JSON.stringify(body),
    });
    return res.json();
  };
  // each instance keeps its own keys: one sealer per node
  const through = sealingClient(siteId, (b) => send(siteCalls.sealKey.path, b));
  const post = (path: string, body: Record<string, unknown>, token?: string | null) => through(path, { siteId, ...body }, (b) => send(path, b, token));
  const call: Node['call'] = (c, body, token) => post(c.path, body as Record<string, unknown>, token);
  return {
    call,
    app: srv.app,
    async wallet(vendor, action, body) {
      const { secret } = (await vendorByCode(srv.app.db, siteId, vendor))!;
      const raw = JSON.stringify({ siteId, ...body });
      const res = await fetch(`${srv.url}/api/vendor/${vendor}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': sign(secret, raw) },
        body: raw,
      });
      return ((await res.json()) as Envelope<unknown>).resultCode;
    },
    async login(memId) {
      const captcha = await call(memberCalls.captcha, {});
      // the operator signs in on its own screen, which asks a solved challenge
      const staff = memId === 'admin' ? { loginPage: 'admin' as const, pow: await solve((await call(memberCalls.challenge, {})).data!.challenge) } : {};
      const r = await call(memberCalls.login, { memId, memPass: 'demo1234!', captchaId: captcha.data?.captchaId, captcha: '1234', ...staff });
      if (r.resultCode !== '0') throw new Error(`login ${memId}: ${r.resultCode} ${r.resultMessage}`);
      return r.data!.token;
    },
  };
}

/** Two instances of one site on one PostgreSQL database through Redis, started before the block's tests and closed after it: their clients. */
export function twoNodes(redisUrl: string): () => { a: Node; b: Node } {
  let two: TwoInstances | undefined;
  let nodes: { a: Node; b: Node };
  beforeAll(async () => {
    two = await startTwoInstances(redisUrl, { limits: roomyLimits() });
    nodes = { a: nodeOf(two.a, two.siteId, two.apiKey), b: nodeOf(two.b, two.siteId, two.apiKey) };
  });
  afterAll(async () => {
    await two?.close();
  });
  return () => nodes;
}
