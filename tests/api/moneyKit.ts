import { createServer, type AddressInfo } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { checkLedger, rebuildBalances } from '../../src/server/domain/money/ledgerCheck.js';
import { hashToken, newToken } from '../../src/server/domain/auth/tokens.js';
import type { Db } from '../../src/server/db/driver.js';
import type { Call } from '../../src/contract/define.js';
import type { TestServer } from './harness.js';
import { entryArgs } from '../../scripts/serverProcess.js';

export const rid = () => randomUUID();

/**
 * A suite's callers: `tok` logs each member in once; `refused` expects a call to answer `code` and
 * to leave every balance, entry, request and key as it was.
 */
export function moneyCalls(server: () => TestServer) {
  const tokens = new Map<string, string>();
  const tok = async (memId: string) => {
    if (!tokens.has(memId)) tokens.set(memId, await server().login(memId));
    return tokens.get(memId)!;
  };
  const refused = async (code: string, c: Call, body: Record<string, unknown>, memId: string) => {
    const s = server();
    const token = await tok(memId);
    const before = await moneyState(s);
    const r = await s.loose(token)(c, { requestId: rid(), ...body });
    expect(r.resultCode, `${c.path} ${JSON.stringify(body)} -> ${r.resultMessage}`).toBe(code);
    expect(await moneyState(s)).toBe(before);
  };
  return { tok, refused };
}

/** A session straight in the db (no scrypt, no captcha): for tests that need many callers. */
export async function sessionFor(db: Db, siteId: string, memberId: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('session')
    .values({ site_id: siteId, member_id: memberId, token_hash: hashToken(token), expires_at: new Date(Date.now() + 4 * 3600_000) })
    .execute();
  return token;
}

export async function memberId(db: Db, siteId: string, memId: string): Promise<number> {
  const r = await db.selectFrom('member').select('id').where('site_id', '=', siteId).where('mem_id', '=', memId).executeTakeFirstOrThrow();
  return r.id;
}

export async function balances(s: TestServer, memId: string) {
  await s.app.accrual.flush();
  return s.app.db.selectFrom('member').select(['cash_amt as cash', 'point_amt as point']).where('site_id', '=', s.siteId).where('mem_id', '=', memId).executeTakeFirstOrThrow();
}

/** Everything a refused call must leave unchanged: every balance, the entry count, the open requests. */
export async function moneyState(s: TestServer) {
  await s.app.accrual.flush();
  const db = s.app.db;
  const [members, entries, requests, keys] = await Promise.all([
    db.selectFrom('member').select(['id', 'cash_amt', 'point_amt']).where('site_id', '=', s.siteId).orderBy('id').execute(),
    db
      .selectFrom('ledger_entry')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('cash_request').select(['id', 'status']).orderBy('id').execute(),
    db
      .selectFrom('request_key')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return JSON.stringify({ members, entries, requests, keys });
}

/** The ledger invariants: balanced movements, stored == rebuilt, totals zero, nobody negative, each key at most once. */
export async function expectSound(db: Db, siteId: string) {
  const report = await checkLedger(db, siteId);
  expect(report, JSON.stringify(report).slice(0, 2000)).toMatchObject({
    ok: true,
    balanceMismatches: [],
    unbalancedMoves: [],
    chainBreaks: [],
    negatives: [],
    totals: { cash: 0, point: 0 },
  });
  expect(await rebuildBalances(db, siteId)).toBe(0);
  const dup = await db
    .selectFrom('ledger_entry')
    .select(['request_key'])
    .select((eb) => eb.fn.count('move_id').distinct().as('moves'))
    .where('site_id', '=', siteId)
    .where('request_key', 'is not', null)
    .groupBy(['request_key'])
    .having((eb) => eb.fn.count('move_id').distinct(), '>', 1)
    .execute();
  expect(dup).toEqual([]);
  return report;
}

/** Every request answered '0' left exactly one movement (or, for a request without entries, its key). */
export async function expectOnce(db: Db, keys: string[]) {
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    const stored = await db.selectFrom('request_key').select('key').where('key', 'in', chunk).execute();
    expect(stored.length).toBe(new Set(chunk).size);
    const moves = await db
      .selectFrom('ledger_entry')
      .select(['request_key'])
      .select((eb) => eb.fn.count('move_id').distinct().as('n'))
      .where('request_key', 'in', chunk)
      .groupBy('request_key')
      .execute();
    for (const m of moves) expect(Number(m.n), `request ${m.request_key}`).toBe(1);
  }
}

/**
 * A server in its own process (`entryArgs`: the source, or the build under `npm test`), so a test can kill -9 it;
 * resolves once /api/health answers. `env` is laid over the test's own environment.
 */
/** A port nothing listens on now, from the kernel (a random pick could land on another test server's). */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as AddressInfo).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

export async function spawnServer(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // a name set to undefined in `env` is left out
  const merged = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PITBOSS_TEST_CAPTCHA: '1234',
    PITBOSS_TEST_CHECK_ANSWERS: '1',
    PITBOSS_STATIC: '/nonexistent',
    NODE_ENV: 'test',
    ...env,
  };
  const full = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined));
  const p = spawn(process.execPath, entryArgs(), { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  p.stderr!.on('data', (d) => (err += d));
  p.stdout!.resume();
  for (let i = 0; i < 720; i++) {
    if (p.exitCode !== null) throw new Error(`server exited: ${err}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return p;
    await new Promise((r) => setTimeout(r, 250));
  }
  p.kill('SIGKILL');
  throw new Error(`server did not start: ${err}`);
}

/** Resolves once the process has exited (at once if it already has). */
export const exited = (p: ChildProcess) => new Promise((r) => (p.exitCode !== null || p.signalCode ? r(null) : p.once('exit', r)));
