import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectLive } from '../../src/app/lib/live/client.js';
import { buildHttp } from '../../src/server/http/app.js';
import { GOODBYE } from '../../src/server/ops/drain.js';
import { startMetricsListener } from '../../src/server/ops/metrics.js';
import { callback } from './gamesKit.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { memberCalls } from '../../src/contract/member.js';

async function until(check: () => boolean, ms = 10_000, what = 'condition') {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe(`health and metrics (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ metricsToken: 'scrape-me' });
  }, 300_000);
  afterAll(() => s?.close());

  it('live answers while the process runs; ready answers 200 with the database, migrations and fan-out checked', async () => {
    const live = await s.raw('/api/health/live', { method: 'GET' });
    expect(live.status).toBe(200);
    expect((await live.json()).resultCode).toBe('0');
    const ready = await s.raw('/api/health/ready', { method: 'GET' });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ resultCode: '0', data: { ready: true, draining: false, db: 'ok', pendingMigrations: [] } });
    // the plain probe Playwright and older checks wait on is unchanged
    expect(await (await s.raw('/api/health', { method: 'GET' })).json()).toMatchObject({ resultCode: '0', data: { db: s.app.handle.kind } });
  });

  it('ready answers 503 when a migration is missing, and again 200 once it is recorded', async () => {
    const { sql } = await import('kysely');
    const [last] = (await sql<{ name: string }>`select name from schema_migration order by name desc limit 1`.execute(s.app.db)).rows;
    await sql`delete from schema_migration where name = ${last.name}`.execute(s.app.db);
    try {
      const r = await s.raw('/api/health/ready', { method: 'GET' });
      expect(r.status).toBe(503);
      expect(await r.json()).toMatchObject({ resultCode: 'S503', data: { ready: false, pendingMigrations: [last.name] } });
    } finally {
      await sql`insert into schema_migration(name) values (${last.name})`.execute(s.app.db);
    }
    expect((await s.raw('/api/health/ready', { method: 'GET' })).status).toBe(200);
  });

  it('ready answers 503 while the server drains; live still answers', async () => {
    s.ops.draining = true;
    try {
      const r = await s.raw('/api/health/ready', { method: 'GET' });
      expect(r.status).toBe(503);
      expect(await r.json()).toMatchObject({ resultCode: 'S503', data: { ready: false, draining: true } });
      expect((await s.raw('/api/health/live', { method: 'GET' })).status).toBe(200);
    } finally {
      s.ops.draining = false;
    }
  });

  it('/metrics asks for the bearer token, then answers Prometheus text with call durations by route pattern and result code', async () => {
    const token = await s.login('user1');
    await s.call(memberCalls.info, {}, token);
    await s.call(memberCalls.info, {}, 'not-a-session');
    expect((await callback(s, 'demo-slot', 'balance', { memId: 'user1' })).resultCode).toBe('0');
    expect((await s.raw('/metrics', { method: 'GET' })).status).toBe(401);
    expect((await s.raw('/metrics', { method: 'GET', headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const res = await s.raw('/metrics', { method: 'GET', headers: { authorization: 'Bearer scrape-me' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    const bucket = (labels: string) => new RegExp(`pitboss_http_request_duration_seconds_count\\{${labels}\\} (\\d+)`).exec(text)?.[1];
    expect(Number(bucket('method="POST",route="/api/member/info",status="200",code="0"'))).toBeGreaterThanOrEqual(1);
    // a refused session is its own series, by its result code
    expect(text).toMatch(/pitboss_http_request_duration_seconds_count\{method="POST",route="\/api\/member\/info",status="200",code="TK\d+"\} [1-9]/);
    // the raw URL never becomes a label: the vendor route is one pattern, the wallet histogram says the action
    expect(text).toContain('route="/api/vendor/:vendorCode/:action"');
    expect(text).toMatch(/pitboss_wallet_callback_duration_seconds_count\{action="balance",code="0"\} [1-9]/);
    for (const name of [
      'pitboss_accrual_pending_rows{table="ledger_pending"}',
      'pitboss_accrual_lag_seconds',
      'pitboss_live_sockets',
      'pitboss_live_subscriptions',
      'pitboss_db_pool_in_use',
      'pitboss_db_pool_waiting',
      'pitboss_money_slots_waiting',
      'pitboss_nodejs_eventloop_lag_seconds',
      'pitboss_draining',
    ]) {
      expect(text, name).toContain(`${name} `);
    }
  });

  it('serves no metrics without a token or port (the default), and on their own listener with METRICS_PORT', async () => {
    const open = await buildHttp({ ...s.app, config: { ...s.app.config, metricsToken: undefined } });
    expect((await open.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await open.close();
    const app = { ...s.app, config: { ...s.app.config, metricsPort: 0, metricsToken: undefined } };
    const listener = (await startMetricsListener(app, s.ops.metrics))!;
    try {
      const { port } = listener.address() as { port: number };
      const r = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('pitboss_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await new Promise((r) => listener.close(r));
    }
  });

  it("a drain's STOMP ERROR is one the app's live client reconnects from", async () => {
    const g = globalThis as { WebSocket?: unknown };
    const saved = g.WebSocket;
    g.WebSocket = WebSocket;
    const statuses: string[] = [];
    const conn = connectLive({ url: s.url.replace('http', 'ws') + '/ws', token: await s.login('user2'), onEvent: () => {}, onStatus: (st) => statuses.push(st) });
    try {
      await until(() => statuses.includes('open'), 10_000, 'open');
      await until(() => (s.ops.live?.size ?? 0) > 0 && s.ops.live!.subscriptions() > 0, 10_000, 'subscribed');
      s.ops.live!.goAway(GOODBYE);
      await until(() => statuses.filter((x) => x === 'open').length === 2, 15_000, 'reconnected');
      expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);
    } finally {
      conn.close();
      g.WebSocket = saved;
    }
  }, 30_000);
});
