/**
 * A casino's evening on PostgreSQL: players betting through signed wallet callbacks (bet, then win
 * or lose), partners paging their lists and settlement, gives and retrieves, one operator approving
 * cash, all at once for BENCH_EVENING_SECONDS (30). Prints throughput and p50/p99 per call type and
 * the ledger check at the end. Load generator and server share this process.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { adminGrant } from '../src/server/domain/money/transfers.js';
import type { RunningServer } from '../src/server/server.js';
import { sign } from '../src/server/vendors/signature.js';
import { startBenchServer } from './server.js';
import { operatorScreen } from './staff.js';

const SECONDS = Number(process.env.BENCH_EVENING_SECONDS ?? 30);
const PLAYERS = Number(process.env.BENCH_EVENING_PLAYERS ?? 24);
const PG_URL = process.env.PITBOSS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] : 0);

async function db(sqlText: string) {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

export async function benchEvening(): Promise<void> {
  const name = `pitboss_evening_${randomBytes(5).toString('hex')}`;
  try {
    await db(`create database ${name}`);
  } catch {
    console.log('\n# evening: PostgreSQL not reachable, skipped');
    return;
  }
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  const s = await startBenchServer({ databaseUrl: u.toString() });
  try {
    await run(s);
  } finally {
    await s.close();
    await db(`drop database if exists ${name} with (force)`);
  }
}

async function run(s: RunningServer) {
  const site = (await (await fetch(`${s.url}/api/common/site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prefix":"demo"}' })).json()).data;
  const post = async (path: string, body: object, token?: string) => {
    const r = await fetch(s.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: site.apiKey, ...(token ? { 'x-auth-token': token } : {}) },
      body: JSON.stringify({ siteId: site.siteId, ...body }),
    });
    return r.json();
  };
  const login = async (memId: string) => {
    const c = await post('/api/member/captcha', {});
    const staff = memId === 'admin' ? await operatorScreen(post) : {};
    const r = await post('/api/member/login', { memId, memPass: 'demo1234!', captchaId: c.data.captchaId, captcha: '1234', ...staff });
    if (r.resultCode !== '0') throw new Error(`login ${memId}: ${r.resultCode}`);
    return r.data.token as string;
  };
  const database = s.app.db;
  const admin = await database.selectFrom('member').select('id').where('mem_id', '=', 'admin').executeTakeFirstOrThrow();
  const players = (
    await database.selectFrom('member').select('mem_id').where('site_id', '=', 'demo').where('login_type', '=', 'NORMAL').orderBy('id').limit(PLAYERS).execute()
  ).map((r) => r.mem_id);
  for (const memId of players)
    await adminGrant(database, { siteId: 'demo', id: admin.id, requestKey: null, call: 'bench', at: new Date() }, { memId, amount: 1_000_000_000, mode: 2 });
  const { secret } = await database.selectFrom('vendor').select('secret').where('code', '=', 'demo-slot').executeTakeFirstOrThrow();
  const partners = ['ptn5', 'ptn6', 'ptn7'];
  const partnerTokens = await Promise.all(partners.map(login));
  const adminToken = await login('admin');
  const depositors = await Promise.all(players.slice(0, 4).map(login));

  const times = new Map<string, number[]>();
  const refused = new Map<string, number>();
  const timed = async <T extends { resultCode: string }>(kind: string, f: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const r = await f();
    (times.get(kind) ?? times.set(kind, []).get(kind)!).push(performance.now() - t);
    if (r.resultCode !== '0') refused.set(kind, (refused.get(kind) ?? 0) + 1);
    return r;
  };
  const callback = (action: string, body: object) => {
    const raw = JSON.stringify({ siteId: site.siteId, ...body });
    return fetch(`${s.url}/api/vendor/demo-slot/${action}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': sign(secret, raw) }, body: raw }).then(
      (r) => r.json(),
    );
  };
  const end = Date.now() + SECONDS * 1000;
  const loop = async (f: () => Promise<void>) => {
    while (Date.now() < end) await f();
  };

  const bettor = (memId: string) =>
    loop(async () => {
      const id = `ev-${randomUUID()}`;
      await timed('wallet bet', () => callback('bet', { memId, txId: id, roundId: id, gameCode: 'lucky-sevens', amount: 1_000 }));
      await timed('wallet win/lose', () => callback('win', { memId, txId: `${id}:w`, betTxId: id, amount: Math.random() < 0.45 ? 2_000 : 0 }));
    });
  const month = { startDate: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), endDate: new Date().toISOString().slice(0, 10) };
  const reader = (token: string) =>
    loop(async () => {
      await timed('partner member list', () => post('/api/v2/user/lowerUserList', { page: 1 + Math.floor(Math.random() * 3) }, token));
      await timed('partner settlement', () => post('/api/retail/myCalculate', { searchType: 'OUTER', ...month }, token));
    });
  const mover = (token: string, child: string) =>
    loop(async () => {
      await timed('give', () => post('/api/v2/retail/cashIn', { memId: child, inAmt: 1_000, requestId: randomUUID() }, token));
      await timed('retrieve', () => post('/api/v2/retail/cashOut', { memId: child, outAmt: 1_000, requestId: randomUUID() }, token));
    });
  const operator = loop(async () => {
    const token = depositors[Math.floor(Math.random() * depositors.length)];
    const d = await timed('deposit request', () => post('/api/cash/in', { cashAmt: 10_000, requestId: randomUUID() }, token));
    if (d.resultCode !== '0') return;
    const idx = d.data.cashIdx as number;
    await timed('operator approve', () => post('/api/admin/cash/process', { cashIdx: idx, cashStatus: 2, requestId: randomUUID() }, adminToken));
    await timed('operator approve', () => post('/api/admin/cash/process', { cashIdx: idx, cashStatus: 1, requestId: randomUUID() }, adminToken));
  });
  // children each mover partner may give to: ptn5 -> ptn6, ptn6 -> ptn7, ptn7 -> user1
  const t0 = performance.now();
  await Promise.all([
    ...players.map(bettor),
    ...partnerTokens.map(reader),
    mover(partnerTokens[0], 'ptn6'),
    mover(partnerTokens[1], 'ptn7'),
    mover(partnerTokens[2], 'user1'),
    operator,
  ]);
  const secs = (performance.now() - t0) / 1000;
  await s.app.accrual.flush();
  const check = await post('/api/admin/ledger/check', {}, adminToken);
  console.log(`\n# evening (postgres, ${secs.toFixed(0)} s, ${players.length} players, ${partners.length} partners reading and moving money, 1 operator)`);
  for (const [kind, xs] of times) {
    console.log(
      `${kind.padEnd(22)} ${(xs.length / secs).toFixed(0).padStart(6)} /s  p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms  p99 ${pct(xs, 99).toFixed(1).padStart(7)} ms  refused ${refused.get(kind) ?? 0}`,
    );
  }
  const r = check.data;
  console.log(
    `ledger check: ${r?.ok ? 'exact' : 'NOT EXACT'} (${r?.entries} entries, totals cash ${r?.totals?.cash} point ${r?.totals?.point}, mismatches ${r?.balanceMismatches?.length}, unbalanced ${r?.unbalancedMoves?.length}, chain breaks ${r?.chainBreaks?.length})`,
  );
}
