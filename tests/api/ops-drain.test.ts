import { request } from 'node:http';
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

  it('answers the call in flight, ends live sockets with a STOMP ERROR, and exits 0', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PITBOSS_DATA: 'memory://',
      PITBOSS_TEST_CAPTCHA: '1234',
      PITBOSS_STATIC: '/nonexistent',
      NODE_ENV: 'test',
      PITBOSS_DRAIN_MS: '60000',
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
    srv = await spawnServer(env, 'tsx', 600_000);
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

    // a call in flight: the server has taken it (its 100 Continue says so), its body is not sent yet
    const body = JSON.stringify({ siteId: site.siteId });
    let finish = () => {};
    let answer!: Promise<{ status: number; json: any }>;
    const taken = new Promise<void>((accepted) => {
      answer = new Promise((resolve, reject) => {
        const req = request(
          `${base}/api/member/info`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue', authorization: site.apiKey, 'x-auth-token': token },
          },
          (res) => {
            let text = '';
            res
              .on('data', (c) => (text += c))
              .on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) }))
              .on('error', reject);
          },
        );
        req.on('error', reject).on('continue', () => accepted());
        req.flushHeaders();
        finish = () => req.end(body);
      });
    });
    await taken;
    srv.proc.kill('SIGTERM');

    await until(() => frames.some((f) => f.command === 'ERROR'), 30_000, 'ERROR frame');
    const error = frames.find((f) => f.command === 'ERROR')!;
    expect(error.headers).toMatchObject({ message: GOODBYE, code: 'S503' });
    await until(() => wsClosed, 30_000, 'socket closed');
    finish();
    const r = await answer;
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ resultCode: '0', data: { member: { memId: 'user1' } } });
    expect(await srv.exited).toBe(0);
    expect(srv.output()).toContain('SIGTERM: draining');
    srv = null;
  }, 900_000);
});
