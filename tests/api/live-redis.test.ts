import { randomBytes } from 'node:crypto';
import { Client, type IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import type { Envelope } from '../../src/contract/define.js';
import type { LiveEvent } from '../../src/contract/enums.js';
import { getSessionByToken } from '../../src/server/domain/auth/sessions.js';
import { redisPublisher } from '../../src/server/live/redisPublisher.js';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { freshPostgres } from './dbTemplate.js';
import { startTwoInstances, templateDatabase, type TwoInstances } from './harness.js';

const redisUrl = process.env.REDIS_URL || (process.env.PITBOSS_TEST_REDIS ? 'redis://127.0.0.1:6379' : undefined);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 3000, what = 'condition') {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function post<T>(base: string, path: string, body: Record<string, unknown>, apiKey?: string): Promise<Envelope<T>> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: apiKey } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

async function subscriber(url: string, token: string) {
  const events: LiveEvent[] = [];
  let closed = false;
  const client = new Client({ webSocketFactory: () => new WebSocket(url), connectHeaders: { token }, reconnectDelay: 0 });
  client.onWebSocketClose = () => (closed = true);
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      client.watchForReceipt('sub', () => resolve());
      client.subscribe('/user/queue/events', (m: IMessage) => events.push(JSON.parse(m.body)), { receipt: 'sub' });
    };
    client.onStompError = (f) => reject(new Error(f.headers.message));
    client.activate();
  });
  return { client, events, isClosed: () => closed };
}

describe.skipIf(!redisUrl)('live fan-out through Redis (set REDIS_URL or PITBOSS_TEST_REDIS=1 to run)', () => {
  describe('publisher', () => {
    it("hands a member's events once to the instances watching that member only, site-wide events to every instance", async () => {
      const scope = `pitboss-test-${randomBytes(4).toString('hex')}:`;
      const a = await redisPublisher(redisUrl!, { scope });
      const b = await redisPublisher(redisUrl!, { scope });
      const siteId = `t-${randomBytes(4).toString('hex')}`;
      const seenA: unknown[] = [];
      const seenB: unknown[] = [];
      a.onEvent((to, e) => to.siteId === siteId && seenA.push(e));
      b.onEvent((to, e) => to.siteId === siteId && seenB.push(e));
      await a.watch(siteId, 'x');
      a.publish({ siteId, memId: 'x' }, { type: 'MSG', data1: 1 });
      b.publish({ siteId, memId: 'x' }, { type: 'MSG', data1: 2 });
      b.publish({ siteId, memId: 'y' }, { type: 'MSG', data1: 3 });
      b.publish({ siteId, all: true }, { type: 'INSPECT', data1: 'Y' });
      await until(() => seenA.length === 3 && seenB.length === 1, 3000, 'the events where they are watched');
      await sleep(100);
      expect(seenA).toEqual(
        expect.arrayContaining([
          { type: 'MSG', data1: 1 },
          { type: 'MSG', data1: 2 },
          { type: 'INSPECT', data1: 'Y' },
        ]),
      );
      expect(seenA).toHaveLength(3);
      expect(seenB).toEqual([{ type: 'INSPECT', data1: 'Y' }]);
      // the last socket of x on a closed, one of x opened on b: x's events follow
      a.unwatch(siteId, 'x');
      await b.watch(siteId, 'x');
      a.publish({ siteId, memId: 'x' }, { type: 'MSG', data1: 4 });
      await until(() => seenB.length === 2, 3000, 'x on b');
      await sleep(100);
      expect(seenB[1]).toEqual({ type: 'MSG', data1: 4 });
      expect(seenA).toHaveLength(3);
      await a.close();
      await b.close();
    });

    it("never hands one deployment's events or evictions to another's on the same Redis", async () => {
      const a = await redisPublisher(redisUrl!, { scope: `pitboss-test-${randomBytes(4).toString('hex')}:` });
      const other = await redisPublisher(redisUrl!, { scope: `pitboss-test-${randomBytes(4).toString('hex')}:` });
      const heard: unknown[] = [];
      other.onEvent((to, e) => heard.push([to, e]));
      other.onInvalidate((what) => heard.push(what));
      let own = 0;
      a.onEvent(() => own++);
      await a.watch('demo', 'user1');
      await other.watch('demo', 'user1');
      a.publish({ siteId: 'demo', memId: 'user1' }, { type: 'CASH', data1: 1 });
      await a.invalidate({ kind: 'sessions-ended', sessionIds: [1] });
      await until(() => own === 1, 3000, 'the own event');
      await sleep(150);
      expect(heard).toEqual([]);
      await a.close();
      await other.close();
    });
  });

  describe('two API instances on one database', () => {
    let a: RunningServer;
    let b: RunningServer;
    let siteId = '';
    let apiKey = '';
    const clients: Client[] = [];
    const sockets: WebSocket[] = [];

    const wsOf = (srv: RunningServer) => srv.url.replace(/^http/, 'ws') + '/ws';
    async function login(memId: string, on = a, key = apiKey) {
      const captcha = await post<{ captchaId: string }>(on.url, '/api/member/captcha', { siteId }, key);
      const r = await post<{ token: string }>(on.url, '/api/member/login', { siteId, memId, memPass: 'demo1234!', captchaId: captcha.data?.captchaId, captcha: '1234' }, key);
      if (r.resultCode !== '0') throw new Error(`login ${memId}: ${r.resultCode} ${r.resultMessage}`);
      return r.data!.token;
    }
    const track = async (p: ReturnType<typeof subscriber>) => {
      const sub = await p;
      clients.push(sub.client);
      return sub;
    };

    let two: TwoInstances;
    beforeAll(async () => {
      two = await startTwoInstances(redisUrl!);
      ({ a, b, siteId, apiKey } = two);
    });

    afterAll(async () => {
      await Promise.all(clients.map((c) => c.deactivate({ force: true })));
      for (const ws of sockets) ws.terminate();
      await two?.close();
    });

    it('delivers an event published on one instance to a socket on the other, once', async () => {
      const onB = await track(subscriber(wsOf(b), await login('user1')));
      const onA = await track(subscriber(wsOf(a), await login('user2')));
      a.app.live.publish({ siteId, memId: 'user1' }, { type: 'CASH', data1: 500, data2: 7 });
      b.app.live.publish({ siteId, memId: 'user2' }, { type: 'MSG', data1: 4 });
      a.app.live.publish({ siteId, all: true }, { type: 'LOCK_BET_YN', data1: 'Y', data2: 'N' });
      await until(() => onB.events.length === 2 && onA.events.length === 2, 3000, 'events across instances');
      await sleep(150);
      expect(onB.events).toEqual([
        { type: 'CASH', data1: 500, data2: 7 },
        { type: 'LOCK_BET_YN', data1: 'Y', data2: 'N' },
      ]);
      // published from different instances, so their relative order is not fixed
      expect(onA.events).toHaveLength(2);
      expect(onA.events).toEqual(
        expect.arrayContaining([
          { type: 'MSG', data1: 4, data2: null },
          { type: 'LOCK_BET_YN', data1: 'Y', data2: 'N' },
        ]),
      );
    });

    it("routes a member's events only to the instance holding its sockets, for as long as it holds one", async () => {
      const redis = new Redis(redisUrl!);
      // how many instances subscribe to the member's channel
      const listening = async () => {
        const [, n] = (await redis.pubsub('NUMSUB', `${a.app.redisScope}member:${JSON.stringify([siteId, 'user6'])}`)) as [string, number];
        return Number(n);
      };
      const onA: LiveEvent[] = [];
      const onB: LiveEvent[] = [];
      const offA = a.app.live.onEvent((to, e) => 'memId' in to && to.memId === 'user6' && onA.push(e));
      const offB = b.app.live.onEvent((to, e) => 'memId' in to && to.memId === 'user6' && onB.push(e));
      try {
        expect(await listening()).toBe(0);
        const token = await login('user6');
        const first = await track(subscriber(wsOf(a), token));
        const second = await track(subscriber(wsOf(a), token));
        expect(await listening()).toBe(1);
        b.app.live.publish({ siteId, memId: 'user6' }, { type: 'MSG', data1: 1 });
        await until(() => first.events.length === 1 && second.events.length === 1, 3000, 'the event on both sockets on a');
        // one socket of the member closes: the other keeps the route
        await first.client.deactivate({ force: true });
        b.app.live.publish({ siteId, memId: 'user6' }, { type: 'MSG', data1: 2 });
        await until(() => second.events.length === 2, 3000, 'the second event on the socket left');
        expect(await listening()).toBe(1);
        // the last one closes: no instance listens to the member any more
        await second.client.deactivate({ force: true });
        await expect.poll(listening, { timeout: 3000 }).toBe(0);
        b.app.live.publish({ siteId, memId: 'user6' }, { type: 'MSG', data1: 3 });
        a.app.live.publish({ siteId, all: true }, { type: 'INSPECT', data1: 'N' });
        await sleep(150);
        // b never held a socket of the member: it heard none of its events
        expect(onB).toEqual([]);
        expect(onA.map((e) => e.data1)).toEqual([1, 2]);
      } finally {
        offA();
        offB();
        redis.disconnect();
      }
    });

    it('holds the socket cap of one session across instances', async () => {
      const token = await login('user4');
      const connect = async (srv: RunningServer) => {
        const ws = new WebSocket(wsOf(srv));
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
        const first = new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))));
        ws.send(`CONNECT\naccept-version:1.2\nhost:pitboss\ntoken:${token}\n\n\0`);
        sockets.push(ws);
        return { ws, frame: await first };
      };
      const onA: { ws: WebSocket; frame: string }[] = [];
      for (let i = 0; i < 3; i++) onA.push(await connect(a));
      for (let i = 0; i < 2; i++) expect((await connect(b)).frame).toMatch(/^CONNECTED/);
      expect(onA.every((c) => c.frame.startsWith('CONNECTED'))).toBe(true);
      const sixth = await connect(b);
      expect(sixth.frame).toMatch(/^ERROR/);
      expect(sixth.frame).toContain('code:R429');
      const closed = new Promise((r) => onA[0]!.ws.once('close', r));
      onA[0]!.ws.close();
      await closed;
      // the slot is given back once the server has seen the close; retry until it has
      let again = await connect(b);
      for (let i = 0; i < 50 && !again.frame.startsWith('CONNECTED'); i++) {
        await sleep(20);
        again = await connect(b);
      }
      expect(again.frame).toMatch(/^CONNECTED/);
    });

    it("keeps another deployment on the same Redis apart: a copy of the database hears none of these instances' events", async () => {
      // a second deployment made from the same seeded database: same site, member ids and session ids
      const copy = await freshPostgres(templateDatabase());
      const c = await startServer({ port: 0, host: '127.0.0.1', databaseUrl: copy.url, dataDir: 'memory://', staticDir: '/nonexistent', testCaptcha: '1234', redisUrl });
      try {
        expect(c.app.redisScope).not.toBe(a.app.redisScope);
        expect(b.app.redisScope).toBe(a.app.redisScope);
        // without a seeded template (PGlite runs) the copy is seeded apart: same ids, its own site key
        const cKey = (await post<{ apiKey: string }>(c.url, '/api/common/site', { prefix: 'demo' })).data!.apiKey;
        const onC = await track(subscriber(wsOf(c), await login('user5', c, cKey)));
        const onB = await track(subscriber(wsOf(b), await login('user5')));
        a.app.live.publish({ siteId, memId: 'user5' }, { type: 'CASH', data1: 900, data2: 1 });
        await until(() => onB.events.length === 1, 3000, 'the event on the own deployment');
        await sleep(150);
        expect(onC.events).toEqual([]);
      } finally {
        await c.close();
        await copy.drop();
      }
    });

    it('closes a logged-out session held by the other instance', async () => {
      const token = await login('user3');
      const sessionId = (await getSessionByToken(b.app.db, token, new Date())).sessionId;
      const onB = await track(subscriber(wsOf(b), token));
      a.app.live.publish({ siteId, memId: 'user3', sessionId }, { type: 'LOGOUT' });
      await until(() => onB.isClosed(), 3000, 'socket on B closed');
      expect(onB.events.map((e) => e.type)).toEqual(['LOGOUT']);
    });
  });
});
