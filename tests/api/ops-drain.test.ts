import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { FrameParser, type Frame } from '../../src/server/live/frames.js';
import { GOODBYE } from '../../src/server/ops/drain.js';
import { spawnServer, type ServerProcess } from '../../scripts/serverProcess.js';
import { pgAdminUrl, testDb } from './harness.js';

async function until(check: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const GRACE_MS = 2500;
const CLIENTS = 16;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One keep-alive client of a load: calls in a loop on its one connection; a 503 is honoured as a
 * balancer would (its Retry-After waited out, then the next call); a refused connect (the listener
 * gone) ends it. Any other failure is a connection the server reset under it.
 */
async function keepAliveClient(url: string, body: string, seen: { ok: number; refused503: number; resets: string[]; stop: boolean }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    while (!seen.stop) {
      try {
        const r = await call(url, { agent, body });
        if (r.status === 200) seen.ok++;
        else if (r.status === 503 && r.headers.connection === 'close' && r.headers['retry-after']) {
          seen.refused503++;
          await sleep(Number(r.headers['retry-after']) * 1000);
        } else seen.resets.push(`status ${r.status}`);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ECONNREFUSED') return;
        seen.resets.push((e as NodeJS.ErrnoException).code ?? String(e));
        await sleep(50);
      }
    }
  } finally {
    agent.destroy();
  }
}

/** One raw call; `agent` keeps its connection alive for the next one. */
function call(url: string, opts: { agent?: Agent; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; json: any; socket: Socket }>((resolve, reject) => {
    let socket!: Socket;
    const req = request(url, { method: 'POST', agent: opts.agent ?? false, headers: { 'content-type': 'application/json', ...opts.headers } }, (res) => {
      let text = '';
      res
        .on('data', (c) => (text += c))
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, json: JSON.parse(text), socket }))
        .on('error', reject);
    });
    req.on('socket', (s) => (socket = s as Socket)).on('error', reject);
    req.end(opts.body ?? '{}');
  });
}

describe(`SIGTERM drains the server (${testDb})`, () => {
  let srv: ServerProcess | null = null;
  let dbName = '';
  afterAll(async () => {
    srv?.proc.kill('SIGKILL');
    if (dbName) {
      const c = new pg.Client({ connectionString: pgAdminUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  });

  it('resets no connection of 16 keep-alive clients: closes idle keep-alive connections between calls, answers 503 to new calls during the grace, answers the call in flight with Connection: close and exits 0 right after it', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PITBOSS_DATA: 'memory://',
      PITBOSS_TEST_CAPTCHA: '1234',
      PITBOSS_STATIC: '/nonexistent',
      NODE_ENV: 'test',
      PITBOSS_DRAIN_MS: '60000',
      PITBOSS_DRAIN_GRACE_MS: String(GRACE_MS),
      LIMIT_SITE_LOOKUP_IP: '1000000',
    };
    delete env.DATABASE_URL;
    if (testDb === 'postgres') {
      dbName = `pitboss_drain_${randomBytes(4).toString('hex')}`;
      const c = new pg.Client({ connectionString: pgAdminUrl });
      await c.connect();
      await c.query(`create database ${dbName}`);
      await c.end();
      const u = new URL(pgAdminUrl);
      u.pathname = `/${dbName}`;
      env.DATABASE_URL = u.toString();
    }
    srv = await spawnServer(env, undefined, 600_000);
    const base = srv.url;
    const site = (await (await fetch(`${base}/api/common/site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prefix":"demo"}' })).json()).data;
    const post = async (path: string, body: Record<string, unknown>, token?: string) =>
      (
        await fetch(base + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: site.apiKey, ...(token ? { 'x-auth-token': token } : {}) },
          body: JSON.stringify({ siteId: site.siteId, ...body }),
        })
      ).json();
    const captcha = await post('/api/member/captcha', {});
    const token = (await post('/api/member/login', { memId: 'user1', memPass: 'demo1234!', captchaId: captcha.data.captchaId, captcha: '1234' })).data.token as string;

    // an open, subscribed live socket
    const frames: Frame[] = [];
    const parser = new FrameParser(1 << 20);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    let wsClosed = false;
    ws.on('message', (d) => frames.push(...parser.push(d as Buffer).flatMap((p) => (p.kind === 'frame' ? [p.frame] : []))));
    ws.on('close', () => (wsClosed = true));
    await new Promise((r, j) => ws.once('open', r).once('error', j));
    ws.send(`CONNECT\naccept-version:1.2\nhost:pitboss\ntoken:${token}\n\n\0`);
    ws.send('SUBSCRIBE\nid:0\ndestination:/user/queue/events\nreceipt:r1\n\n\0');
    await until(() => frames.some((f) => f.command === 'RECEIPT'), 30_000, 'subscription receipt');

    // a keep-alive client with an idle connection
    const idle = await call(`${base}/api/common/site`, { agent: new Agent({ keepAlive: true }), body: '{"prefix":"demo"}' });
    expect(idle.status).toBe(200);
    let idleClosed = false;
    idle.socket.once('close', () => (idleClosed = true));

    // a call in flight: the server has taken it (its 100 Continue says so), its body is not sent yet
    const body = JSON.stringify({ siteId: site.siteId });
    let finish = () => {};
    let answer!: Promise<{ status: number; headers: Record<string, unknown>; json: any }>;
    const taken = new Promise<void>((accepted) => {
      answer = new Promise((resolve, reject) => {
        const req = request(
          `${base}/api/member/info`,
          {
            method: 'POST',
            agent: new Agent({ keepAlive: true }),
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue', authorization: site.apiKey, 'x-auth-token': token },
          },
          (res) => {
            let text = '';
            res
              .on('data', (c) => (text += c))
              .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, json: JSON.parse(text) }))
              .on('error', reject);
          },
        );
        req.on('error', reject).on('continue', () => accepted());
        req.flushHeaders();
        finish = () => req.end(body);
      });
    });
    await taken;

    // a keep-alive load: 16 clients calling in a loop, each on its one connection
    const seen = { ok: 0, refused503: 0, resets: [] as string[], stop: false };
    const load = Promise.all(Array.from({ length: CLIENTS }, () => keepAliveClient(`${base}/api/common/site`, '{"prefix":"demo"}', seen)));
    await until(() => seen.ok >= CLIENTS * 5, 60_000, 'the load running');

    const term = Date.now();
    srv.proc.kill('SIGTERM');

    await until(() => frames.some((f) => f.command === 'ERROR'), 30_000, 'ERROR frame');
    const error = frames.find((f) => f.command === 'ERROR')!;
    expect(error.headers).toMatchObject({ message: GOODBYE, code: 'S503' });
    await until(() => wsClosed, 30_000, 'socket closed');
    await until(() => idleClosed, GRACE_MS, 'the idle keep-alive connection closed');

    // during the grace a new connection is answered, with a refusal a balancer retries elsewhere
    const refused = await call(`${base}/api/common/site`, { body: '{"prefix":"demo"}' });
    expect(Date.now() - term).toBeLessThan(GRACE_MS);
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(refused.json).toMatchObject({ resultCode: 'S503' });

    // the call in flight outlasts the grace; the process ends right after its answer
    await new Promise((r) => setTimeout(r, Math.max(0, term + GRACE_MS + 500 - Date.now())));
    finish();
    const r = await answer;
    const answered = Date.now();
    expect(r.status).toBe(200);
    expect(r.headers.connection).toBe('close');
    expect(r.json).toMatchObject({ resultCode: '0', data: { member: { memId: 'user1' } } });
    expect(await srv.exited).toBe(0);
    expect(Date.now() - answered).toBeLessThan(2_000);
    expect(srv.output()).toContain('SIGTERM: draining');
    srv = null;
    // every call of the load had an answer (200, or 503 with Connection: close) or a refused connect: none was reset
    seen.stop = true;
    await load;
    expect(seen.resets).toEqual([]);
    expect(seen.refused503).toBeGreaterThan(0);
  }, 900_000);
});
