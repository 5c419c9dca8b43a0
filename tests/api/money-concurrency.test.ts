import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Call, Envelope, ReqOf, ResOf } from '../../src/contract/define.js';
import { adminCalls } from '../../src/contract/admin.js';
import { memberCalls } from '../../src/contract/member.js';
import { openDb } from '../../src/server/db/driver.js';
import { checkLedger } from '../../src/server/domain/money/ledgerCheck.js';
import { pgAdminUrl, solve, startTestServer, testDb, type TestServer } from './harness.js';
import { expectOnce, exited, expectSound, freePort, spawnServer } from './moneyKit.js';
import { buildWorld, drive, type Node } from './moneyWorld.js';

describe(`money under concurrent load (${testDb})`, () => {
  let s: TestServer;
  afterAll(() => s?.close());

  it('32 clients over ~1,000 accounts on 7 levels with 10% replays: zero violations', async () => {
    s = await startTestServer();
    const world = await buildWorld(s.app.db, s.siteId);
    expect(world.partners.length + world.players.length).toBeGreaterThanOrEqual(1000);
    const before = await checkLedger(s.app.db, s.siteId);
    const post = (path: string, body: Record<string, unknown>, token: string) => s.post(path, body, token);
    const stats = await drive(post, world, { clients: 32, perClient: Number(process.env.MONEY_LOAD_CALLS ?? 40) });
    console.log(`load: ${stats.sent.length} calls, ${stats.ok} moved, ${stats.duplicates} concurrent duplicates answered C999`);
    expect(stats.faults).toEqual([]);
    expect(stats.replayMismatches).toEqual([]);
    expect(stats.ok).toBeGreaterThan(stats.sent.length / 2);
    const after = await expectSound(s.app.db, s.siteId);
    expect(after.totals).toEqual(before.totals);
    await expectOnce(
      s.app.db,
      stats.sent.filter((x) => x.answer.resultCode === '0').map((x) => String(x.body.requestId)),
    );
  }, 300_000);
});

describe(`money survives kill -9 mid-load (${testDb})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'pitboss-crash-'));
  let child: ChildProcess | null = null;
  let dbName = '';
  const dbUrl = () => {
    const u = new URL(pgAdminUrl);
    u.pathname = `/${dbName}`;
    return u.toString();
  };
  afterAll(async () => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    if (dbName) {
      const c = new pg.Client({ connectionString: pgAdminUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  });

  const boot = (port: number) => spawnServer(port, { PITBOSS_DATA: join(dir, 'data'), DATABASE_URL: testDb === 'postgres' ? dbUrl() : undefined });

  it('keeps every acknowledged movement exactly once and the ledger sound after a crash and restart', async () => {
    if (testDb === 'postgres') {
      dbName = `pitboss_crash_${randomBytes(4).toString('hex')}`;
      const c = new pg.Client({ connectionString: pgAdminUrl });
      await c.connect();
      await c.query(`create database ${dbName}`);
      await c.end();
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = await boot(port);
    const site = (await (await fetch(`${base}/api/common/site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prefix":"demo"}' })).json()).data;
    const post = async (path: string, body: Record<string, unknown>, token: string | null) => {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: site.apiKey, ...(token ? { 'x-auth-token': token } : {}) },
        body: JSON.stringify({ siteId: site.siteId, ...body }),
      });
      return (await res.json()) as Envelope<any>;
    };
    // the load driver posts raw; the suite's own calls go through the contract
    const call = async <C extends Call>(c: C, body: ReqOf<C>, token: string | null) => (await post(c.path, body as Record<string, unknown>, token)) as Envelope<ResOf<C>>;
    const login = async (memId: string) => {
      const c = await call(memberCalls.captcha, {}, null);
      // the operator signs in on its own screen, which asks a solved challenge
      const staff = memId === 'admin' ? { loginPage: 'admin' as const, pow: await solve((await call(memberCalls.challenge, {}, null)).data!.challenge) } : {};
      const r = await call(memberCalls.login, { memId, memPass: 'demo1234!', captchaId: c.data!.captchaId, captcha: '1234', ...staff }, null);
      if (r.resultCode !== '0') throw new Error(`login ${memId}: ${r.resultCode}`);
      return r.data!.token;
    };
    // synthetic ids only shape the tree for the load driver: ptn6 > ptn7 > user1..5, ptn6 > user6..10
    const node = async (memId: string, id: number, parentId: number, level: string): Promise<Node> => ({ id, memId, level, parentId, token: await login(memId) });
    const partners = [await node('ptn6', 6, 5, 'PTN_6'), await node('ptn7', 7, 6, 'PTN_7')];
    const players: Node[] = [];
    for (let i = 1; i <= 10; i++) players.push(await node(`user${i}`, 100 + i, i <= 5 ? 7 : 6, 'NORMAL'));
    const world = { partners, players, adminToken: await login('admin') };

    let killed = false;
    const load = drive(post, world, { clients: 8, ms: 20_000, stop: () => killed });
    await new Promise((r) => setTimeout(r, 2_500));
    child.kill('SIGKILL');
    killed = true;
    const stats = await load;
    await exited(child);
    const acknowledged = stats.sent.filter((x) => x.answer.resultCode === '0');
    console.log(`crash: ${acknowledged.length} calls answered '0' before kill -9`);
    expect(stats.replayMismatches).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);

    child = await boot(port);
    const again = await call(adminCalls.ledgerCheck, {}, await login('admin'));
    expect(again.data).toMatchObject({ ok: true });
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    child = null;

    const h = await openDb({ url: testDb === 'postgres' ? dbUrl() : undefined, dataDir: join(dir, 'data') });
    try {
      await expectSound(h.db, site.siteId);
      await expectOnce(
        h.db,
        acknowledged.map((x) => String(x.body.requestId)),
      );
    } finally {
      await h.close();
    }
  }, 300_000);
});
