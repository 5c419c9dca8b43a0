/**
 * A casino's evening on PostgreSQL: players betting through signed wallet callbacks (bet, then win
 * or lose), partners paging their lists and settlement, gives and retrieves, one operator approving
 * cash, all at once for BENCH_EVENING_SECONDS (30). Prints throughput and p50/p99 per call type and
 * the ledger check at the end. Load generator and server share this process.
 *
 * `--instances 2` (issue 22): the same load on one instance, then spread over two, then on one
 * again, each instance its own process on one database and one Redis (REDIS_URL, default
 * redis://127.0.0.1:6379); prints bets/s, p99 and CPU per bet for each line, the CPU ratio of two
 * instances to both one-instance lines (with BENCH_COUNTS=1 what each line sent, per bet), then how
 * much memory a live socket subscribed as a player takes.
 *
 * Every bettor holds its live socket (CONNECTed and subscribed) on the instance it bets through,
 * as a player's app does, so the CASH events of its bets have somewhere to go. The hot paths'
 * ratios are compared with the last recorded ones (bench/history.ts; BENCH_RECORD=1 records).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { adminSiteCalls } from '../src/contract/site.js';
import { hashToken, newToken } from '../src/server/domain/auth/tokens.js';
import { toWire } from '../src/server/domain/common/time.js';
import { adminGrant } from '../src/server/domain/money/transfers.js';
import type { RunningServer } from '../src/server/server.js';
import { sign } from '../src/server/domain/games/signature.js';
import { openVendorSecret } from '../src/server/domain/games/vendorSecret.js';
import { spawnBenchChild } from './child.js';
import { countClients, countsBetween, sumCounts, type Counts } from './counts.js';
import { cpuMeter, pidsOf } from './cpuTime.js';
import { pct } from './client.js';
import { bareInsert } from './games.js';
import { compareWithHistory } from './history.js';
import { startBenchServer } from './server.js';
import { operatorScreen } from './staff.js';
import { Stomp } from './stomp.js';

const SECONDS = Number(process.env.BENCH_EVENING_SECONDS ?? 30);
const PLAYERS = Number(process.env.BENCH_EVENING_PLAYERS ?? 24);
/** seconds of load before each measured line, not counted */
const WARM_SECONDS = Number(process.env.BENCH_EVENING_WARM_SECONDS ?? 5);
const SOCKETS = Number(process.env.BENCH_EVENING_SOCKETS ?? 10_000);
const PG_URL = process.env.PITBOSS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const flag = process.argv.indexOf('--instances');
const INSTANCES = flag > 0 ? Number(process.argv[flag + 1]) : 1;
/** BENCH_COUNTS=1: with --instances, what each line sent to PostgreSQL and Redis per bet (bench/counts.ts) */
const COUNTS = process.env.BENCH_COUNTS === '1';
const ownCounts = COUNTS ? countClients() : null;

async function db(sqlText: string) {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

async function redisAnswers() {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

export async function benchEvening(): Promise<void> {
  if (INSTANCES > 1 && !(await redisAnswers())) {
    console.log(`\n# evening --instances ${INSTANCES}: Redis not reachable at ${REDIS_URL}, skipped`);
    return;
  }
  const name = `pitboss_evening_${randomBytes(5).toString('hex')}`;
  try {
    await db(`create database ${name}`);
    if (COUNTS) await db(`alter database ${name} set track_functions = 'pl'`);
  } catch {
    console.log('\n# evening: PostgreSQL not reachable, skipped');
    return;
  }
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  const s = await startBenchServer({ databaseUrl: u.toString() });
  try {
    const ctx = await prepare(s);
    if (INSTANCES > 1) await instances(s, ctx, u.toString());
    else {
      const r = await mixedLoad([s.url], ctx);
      await s.app.accrual.flush();
      const bare = await bareInsert(s);
      console.log(`\n# evening (postgres, ${r.secs.toFixed(0)} s, ${ctx.players.length} players, ${ctx.partnerTokens.length} partners reading and moving money, 1 operator)`);
      printFigures(r);
      const bets = (r.times.get('wallet bet')?.length ?? 0) / r.secs;
      console.log(`bare insert of a bet row after the load ${bare.rps.toFixed(0)} /s`);
      compareWithHistory('evening', [{ name: 'wallet bets /s (mixed evening) ÷ bare insert /s', ratio: bets / bare.rps, better: 'higher' }]);
      await ledgerCheck(s.url, ctx);
    }
  } finally {
    await s.close();
    await db(`drop database if exists ${name} with (force)`);
  }
}

type Post = (path: string, body: object, token?: string) => Promise<any>;

const poster =
  (url: string, site: { siteId: string; apiKey: string }): Post =>
  async (path, body, token) => {
    const r = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: site.apiKey, ...(token ? { 'x-auth-token': token } : {}) },
      body: JSON.stringify({ siteId: site.siteId, ...body }),
    });
    return r.json();
  };

type Ctx = Awaited<ReturnType<typeof prepare>>;

/** Players funded, the vendor's secret, partners, the operator and four depositing players signed in (sessions hold on every instance). */
async function prepare(s: RunningServer) {
  const site = (await (await fetch(`${s.url}/api/common/site`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prefix":"demo"}' })).json()).data;
  const post = poster(s.url, site);
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
  // the stored secret is sealed: a signature with it would be refused (W002)
  const secret = await openVendorSecret(database, (await database.selectFrom('vendor').select('secret').where('code', '=', 'demo-slot').executeTakeFirstOrThrow()).secret);
  const partnerTokens = await Promise.all(['ptn5', 'ptn6', 'ptn7'].map(login));
  const adminToken = await login('admin');
  const depositors = await Promise.all(players.slice(0, 4).map(login));
  // each bettor's own session for its live socket
  const playerTokens = new Map<string, string>();
  for (const memId of players) {
    const token = newToken();
    const m = await database.selectFrom('member').select('id').where('site_id', '=', site.siteId).where('mem_id', '=', memId).executeTakeFirstOrThrow();
    await database
      .insertInto('session')
      .values({ site_id: site.siteId, member_id: m.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000) })
      .execute();
    playerTokens.set(memId, token);
  }
  return { site, secret: secret as string, players, partnerTokens, adminToken, depositors, playerTokens };
}

interface Figures {
  secs: number;
  times: Map<string, number[]>;
  refused: Map<string, number>;
}

/** The evening's mixed load for SECONDS; each player, partner and the operator on one of `urls` in turn. */
async function mixedLoad(urls: string[], ctx: Ctx, seconds = SECONDS): Promise<Figures> {
  const { site, secret, players, partnerTokens, adminToken, depositors, playerTokens } = ctx;
  const times = new Map<string, number[]>();
  const refused = new Map<string, number>();
  let turn = 0;
  const nextUrl = () => urls[turn++ % urls.length];
  const timed = async <T extends { resultCode: string }>(kind: string, f: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const r = await f();
    (times.get(kind) ?? times.set(kind, []).get(kind)!).push(performance.now() - t);
    if (r.resultCode !== '0') refused.set(kind, (refused.get(kind) ?? 0) + 1);
    return r;
  };
  // each bettor's instance, where its live socket is held for the load's length
  const seats = await Promise.all(
    players.map(async (memId, n) => {
      const url = nextUrl();
      const socket = await Stomp.open(`${url.replace(/^http/, 'ws')}/ws`, `10.9.${n >> 8}.${n & 255}`);
      await socket.connect(playerTokens.get(memId)!);
      return { memId, url, socket };
    }),
  );
  const end = Date.now() + seconds * 1000;
  const loop = async (f: () => Promise<void>) => {
    while (Date.now() < end) await f();
  };

  const bettor = ({ memId, url }: (typeof seats)[number]) => {
    const callback = (action: string, body: object) => {
      const raw = JSON.stringify({ siteId: site.siteId, ...body });
      return fetch(`${url}/api/vendor/demo-slot/${action}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': sign(secret, raw) }, body: raw }).then(
        (r) => r.json(),
      );
    };
    return loop(async () => {
      const id = `ev-${randomUUID()}`;
      await timed('wallet bet', () => callback('bet', { memId, txId: id, roundId: id, gameCode: 'lucky-sevens', amount: 1_000 }));
      await timed('wallet win/lose', () => callback('win', { memId, txId: `${id}:w`, betTxId: id, amount: Math.random() < 0.45 ? 2_000 : 0 }));
    });
  };
  const month = { startDate: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), endDate: new Date().toISOString().slice(0, 10) };
  const reader = (token: string) => {
    const post = poster(nextUrl(), site);
    return loop(async () => {
      await timed('partner member list', () => post('/api/v2/user/lowerUserList', { page: 1 + Math.floor(Math.random() * 3) }, token));
      await timed('partner settlement', () => post('/api/retail/myCalculate', { searchType: 'OUTER', ...month }, token));
    });
  };
  const mover = (token: string, child: string) => {
    const post = poster(nextUrl(), site);
    return loop(async () => {
      await timed('give', () => post('/api/v2/retail/cashIn', { memId: child, inAmt: 1_000, requestId: randomUUID() }, token));
      await timed('retrieve', () => post('/api/v2/retail/cashOut', { memId: child, outAmt: 1_000, requestId: randomUUID() }, token));
    });
  };
  const operatorPost = poster(nextUrl(), site);
  const operator = loop(async () => {
    const token = depositors[Math.floor(Math.random() * depositors.length)];
    const d = await timed('deposit request', () => operatorPost('/api/cash/in', { cashAmt: 10_000, requestId: randomUUID() }, token));
    if (d.resultCode !== '0') return;
    const idx = d.data.cashIdx as number;
    await timed('operator approve', () => operatorPost('/api/admin/cash/process', { cashIdx: idx, cashStatus: 2, requestId: randomUUID() }, adminToken));
    await timed('operator approve', () => operatorPost('/api/admin/cash/process', { cashIdx: idx, cashStatus: 1, requestId: randomUUID() }, adminToken));
  });
  // children each mover partner may give to: ptn5 -> ptn6, ptn6 -> ptn7, ptn7 -> user1
  const t0 = performance.now();
  await Promise.all([
    ...seats.map(bettor),
    ...partnerTokens.map(reader),
    mover(partnerTokens[0], 'ptn6'),
    mover(partnerTokens[1], 'ptn7'),
    mover(partnerTokens[2], 'user1'),
    operator,
  ]);
  const secs = (performance.now() - t0) / 1000;
  for (const { socket } of seats) socket.ws.terminate();
  return { secs, times, refused };
}

function printFigures({ secs, times, refused }: Figures) {
  for (const [kind, xs] of times) {
    console.log(
      `${kind.padEnd(22)} ${(xs.length / secs).toFixed(0).padStart(6)} /s  p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms  p99 ${pct(xs, 99).toFixed(1).padStart(7)} ms  refused ${refused.get(kind) ?? 0}`,
    );
  }
}

async function ledgerCheck(url: string, ctx: Ctx) {
  const r = (await poster(url, ctx.site)('/api/admin/ledger/check', {}, ctx.adminToken)).data;
  console.log(
    `ledger check: ${r?.ok ? 'exact' : 'NOT EXACT'} (${r?.entries} entries, totals cash ${r?.totals?.cash} point ${r?.totals?.point}, mismatches ${r?.balanceMismatches?.length}, unbalanced ${r?.unbalancedMoves?.length}, chain breaks ${r?.chainBreaks?.length})`,
  );
}

/** The load on one instance, then over INSTANCES, each a process of its own on the one database and Redis. */
async function instances(s: RunningServer, ctx: Ctx, databaseUrl: string) {
  const env = { REDIS_URL, LIMIT_NAMESPACE: `pitboss-bench-${randomBytes(6).toString('hex')}:` };
  const children = [spawnBenchChild('./apiServer.ts', databaseUrl, env)];
  try {
    const urls = [(await children[0].next<{ url: string }>()).url];
    // CPU of everything serving the load: the instances, this database's PostgreSQL backends, Redis
    const dbName = new URL(databaseUrl).pathname.slice(1);
    const meter = () =>
      cpuMeter({
        instances: () => children.map((c) => c.pid),
        postgres: () => pidsOf((cmd) => cmd.startsWith('postgres: ') && cmd.includes(` ${dbName} `)),
        redis: () => pidsOf((cmd) => /(^|\/)redis-server /.test(cmd)),
      });
    const tally = () => countsNow(children, databaseUrl);
    // each line starts warm: a new instance's first seconds are JIT compiling and filling its caches, which
    // a long-running instance paid long ago
    const line = async (on: string[]) => {
      await mixedLoad(on, ctx, WARM_SECONDS);
      const t = await tally();
      const m = meter();
      const figures = await mixedLoad(on, ctx);
      const cpu = m.stop();
      return { figures, cpu, switches: m.switches(), counts: countsSince(t, await tally()) };
    };
    const one = await line(urls);
    for (let i = 1; i < INSTANCES; i++) {
      children.push(spawnBenchChild('./apiServer.ts', databaseUrl, env));
      urls.push((await children[i].next<{ url: string }>()).url);
    }
    const many = await line(urls);
    // one instance again: the database has grown over the first two lines, so the second line is set
    // against the mean of a line before it and one after it
    for (const c of children.splice(1)) await c.close();
    const again = await line(urls.slice(0, 1));
    const lines = [
      ['1 instance', one],
      [`${INSTANCES} instances`, many],
      ['1 instance again', again],
    ] as const;
    const bets = (f: Figures) => (f.times.get('wallet bet')?.length ?? 0) / f.secs;
    const p99 = (f: Figures) => pct([...f.times.values()].flat(), 99);
    console.log(
      `\n# evening on ${INSTANCES} instances (postgres + Redis, each instance its own process, ${SECONDS} s per line after ${WARM_SECONDS} s not counted, ${ctx.players.length} players, 3 partners, 1 operator)`,
    );
    for (const [name, l] of lines)
      console.log(`${name.padEnd(17)} ${bets(l.figures).toFixed(0).padStart(5)} bets/s  p99 over all calls ${p99(l.figures).toFixed(1).padStart(7)} ms`);
    const perBet = (cpu: Record<string, number>, f: Figures) => {
      const n = Math.max(f.times.get('wallet bet')?.length ?? 0, 1);
      const total = Object.values(cpu).reduce((a, b) => a + b, 0) / n;
      return {
        total,
        parts: Object.entries(cpu)
          .map(([k, v]) => `${k} ${(v / n).toFixed(2)}`)
          .join(', '),
      };
    };
    console.log(`CPU per bet (user + system, the evening's whole mix over its bets):`);
    for (const [name, l] of lines) {
      const c = perBet(l.cpu, l.figures);
      console.log(`  ${name.padEnd(17)} ${c.total.toFixed(2)} ms  (${c.parts})`);
    }
    const base = (perBet(one.cpu, one.figures).total + perBet(again.cpu, again.figures).total) / 2;
    const ratio = perBet(many.cpu, many.figures).total / base;
    console.log(`  ratio ${INSTANCES}/1 (to the mean of both 1-instance lines) ${ratio.toFixed(2)}  goal <= 1.15: ${ratio <= 1.15 ? 'met' : 'NOT met'}`);
    // involuntary switches are the scheduler taking a core away: more of them per bet is processes competing for cores
    console.log(`context switches per bet (main threads; voluntary / involuntary):`);
    for (const [name, l] of lines) console.log(`  ${name.padEnd(17)} ${perBet(l.switches.voluntary, l.figures).parts} / ${perBet(l.switches.involuntary, l.figures).parts}`);
    printFigures(many.figures);
    if (one.counts && many.counts && again.counts)
      printCounts(
        lines.map(([name]) => name),
        [one.counts, many.counts, again.counts],
        lines.map(([, l]) => l.figures.times.get('wallet bet')?.length ?? 0),
      );
    const figures = [{ name: `CPU per bet, ${INSTANCES} instances ÷ 1`, ratio, better: 'lower' as const }];
    if (one.counts && many.counts && again.counts) {
      // what each instance hears per bet: with per-member routing it falls as instances are added
      const heard = (l: typeof one, n: number) => Object.values(l.counts!.received).reduce((a, b) => a + b, 0) / Math.max(l.figures.times.get('wallet bet')?.length ?? 0, 1) / n;
      const alone = (heard(one, 1) + heard(again, 1)) / 2;
      const each = heard(many, INSTANCES) / alone;
      console.log(
        `pub/sub messages received per bet per instance: 1 instance ${alone.toFixed(2)}, ${INSTANCES} instances ${heard(many, INSTANCES).toFixed(2)} each (${each.toFixed(2)}x; all instances together ${(heard(many, 1) / alone).toFixed(2)}x)  goal <= 1.1x: ${each <= 1.1 ? 'met' : 'NOT met'}`,
      );
      figures.push({ name: `pub/sub received per bet per instance, ${INSTANCES} ÷ 1`, ratio: each, better: 'lower' });
    }
    compareWithHistory(`evening --instances ${INSTANCES}`, figures);
    if (SOCKETS > 0) await socketsHeld(s, ctx, urls[0], children[0]);
  } finally {
    for (const c of children) await c.close();
  }
  await s.app.accrual.flush();
  await ledgerCheck(s.url, ctx);
}

interface Tally {
  clients: Counts;
  db: Record<string, number>;
}

/** With BENCH_COUNTS: the instances' and this process's client counts, and the database's own counters. */
async function countsNow(children: ReturnType<typeof spawnBenchChild>[], databaseUrl: string): Promise<Tally | null> {
  if (!ownCounts) return null;
  const each = await Promise.all(children.map((c) => (c.send('counts'), c.next<{ counts: Counts }>())));
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    // the counters a backend reports when it goes idle (at most a second late): give them that second
    await new Promise((r) => setTimeout(r, 1_500));
    const [d] = (
      await c.query(`select xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted, blks_hit, sessions
                     from pg_stat_database where datname = current_database()`)
    ).rows;
    const fns = (await c.query(`select funcname, calls from pg_stat_user_functions`)).rows;
    const tables = (await c.query(`select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del, seq_tup_read, idx_tup_fetch from pg_stat_user_tables`)).rows;
    const dbCounts: Record<string, number> = {};
    for (const [k, v] of Object.entries(d)) dbCounts[k] = Number(v);
    for (const f of fns) dbCounts[`fn ${f.funcname}`] = Number(f.calls);
    for (const r of tables)
      for (const k of ['n_tup_ins', 'n_tup_upd', 'n_tup_hot_upd', 'n_tup_del', 'seq_tup_read', 'idx_tup_fetch'])
        if (Number(r[k])) dbCounts[`${r.relname} ${k.replace(/^n_tup_/, '')}`] = Number(r[k]);
    return { clients: sumCounts([...each.map((x) => x.counts), ownCounts()]), db: dbCounts };
  } finally {
    await c.end();
  }
}

function countsSince(a: Tally | null, b: Tally | null) {
  if (!a || !b) return null;
  const db = Object.fromEntries(Object.entries(b.db).map(([k, v]) => [k, v - (a.db[k] ?? 0)]));
  return { ...countsBetween(a.clients, b.clients), db };
}

/** Per bet, side by side: each statement text, Redis command and message, and database counter that moved. */
function printCounts(names: string[], xs: NonNullable<ReturnType<typeof countsSince>>[], bets: number[]) {
  console.log(`counts per bet (${names.map((n, i) => `${n}: ${bets[i]} bets`).join(', ')}):`);
  const rows = (title: string, pick: (x: (typeof xs)[number]) => Record<string, number>) => {
    const keys = [...new Set(xs.flatMap((x) => Object.keys(pick(x))))];
    const per = (x: (typeof xs)[number], i: number, k: string) => (pick(x)[k] ?? 0) / Math.max(bets[i], 1);
    const total = xs.map((x, i) => keys.reduce((s, k) => s + per(x, i, k), 0));
    console.log(`  ${title}: ${total.map((v) => v.toFixed(2)).join(' vs ')}`);
    for (const k of keys.sort((a, b) => per(xs[1], 1, b) - per(xs[1], 1, a))) {
      const v = xs.map((x, i) => per(x, i, k));
      if (Math.max(...v) >= 0.005) console.log(`    ${v.map((n) => n.toFixed(3).padStart(8)).join(' ')}  ${k}`);
    }
  };
  rows('SQL statements', (x) => x.sql);
  rows('Redis commands', (x) => x.redis);
  rows('pub/sub messages received', (x) => x.received);
  rows('database counters', (x) => x.db);
  console.log(`  connections opened: ${xs.map((x, i) => `${x.connects} (${(x.connects / Math.max(bets[i], 1)).toFixed(4)} a bet)`).join(' vs ')}`);
}

/** SOCKETS live sockets on one instance, each CONNECTed with its own player session and subscribed; the instance's memory before and after. */
async function socketsHeld(s: RunningServer, ctx: Ctx, url: string, child: ReturnType<typeof spawnBenchChild>) {
  const members = await s.app.db.selectFrom('member').select('id').where('site_id', '=', ctx.site.siteId).where('login_type', '=', 'NORMAL').execute();
  const tokens: string[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const token = newToken();
    await s.app.db
      .insertInto('session')
      .values({ site_id: ctx.site.siteId, member_id: members[i % members.length].id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000) })
      .execute();
    tokens.push(token);
  }
  const mem = () => (child.send('mem'), child.next<{ rss: number; heapUsed: number; external: number }>());
  const before = await mem();
  const wsUrl = `${url.replace(/^http/, 'ws')}/ws`;
  const sockets: Stomp[] = [];
  // 50 at a time, each from its own address (an address may keep only so many sockets waiting for CONNECT)
  for (let i = 0; i < tokens.length; i += 50) {
    const batch = await Promise.all(
      tokens.slice(i, i + 50).map(async (token, j) => {
        const n = i + j;
        const socket = await Stomp.open(wsUrl, `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
        await socket.connect(token);
        return socket;
      }),
    );
    sockets.push(...batch);
  }
  const after = await mem();
  const open = sockets.filter((x) => x.closeCode === null).length;
  // after a collection, live objects (heap + buffers) grow with the sockets; rss mostly reuses what the load left free
  const perSocket = (after.heapUsed + after.external - before.heapUsed - before.external) / open;
  console.log(
    `live sockets: ${open} subscribed as players on one instance: heap + buffers ${(perSocket / 1024).toFixed(1)} KiB a socket (rss changed ${((after.rss - before.rss) / 2 ** 20).toFixed(1)} MiB in all), so about ${Math.floor(2 ** 30 / Math.max(perSocket, 1)).toLocaleString('en')} sockets per GiB beyond the instance's ${(before.rss / 2 ** 20).toFixed(0)} MiB`,
  );
  await inspectReach(url, ctx, sockets);
  for (const x of sockets) x.ws.terminate();
}

/** The operator opens a check window now: how long until every socket holds its INSPECT message, then the window is lifted. */
async function inspectReach(url: string, ctx: Ctx, sockets: Stomp[]) {
  const post = poster(url, ctx.site);
  const open = sockets.filter((x) => x.closeCode === null);
  const arrivals = open.map((x) => x.next('MESSAGE', 30_000).then(() => performance.now()));
  const t = performance.now();
  const r = await post(adminSiteCalls.siteCheck.path, { startDate: toWire(new Date(Date.now() - 60_000)), endDate: toWire(new Date(Date.now() + 600_000)) }, ctx.adminToken);
  if (r.resultCode !== '0') throw new Error(`site check: ${r.resultCode}`);
  const times = (await Promise.allSettled(arrivals)).map((a) => (a.status === 'fulfilled' ? a.value - t : Infinity));
  const reached = times.filter(Number.isFinite).length;
  const all = Math.max(...times);
  console.log(
    `site-wide INSPECT: ${reached} of ${open.length} sockets had it ${Number.isFinite(all) ? `within ${all.toFixed(0)} ms` : 'not all within 30 s'} (p50 ${pct(times, 50).toFixed(0)} ms) of the operator's call  goal all < 1000 ms: ${all < 1000 ? 'met' : 'NOT met'}`,
  );
  await post(adminSiteCalls.siteCheck.path, { startDate: '', endDate: '' }, ctx.adminToken);
}
