import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { spawnBenchChild, splitCores } from './child.js';
import { admin, dbUrl } from './tree.js';

interface Figures {
  rps: number;
  p99: number;
  total: number;
}

function load(opts: autocannon.Options): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, r) => (err ? reject(err) : resolve({ rps: r.requests.average, p99: r.latency.p99, total: r.requests.total })));
  });
}

const common = { connections: 16, duration: 8, method: 'POST' as const };

/** A fresh PostgreSQL database for the run, or null when the server does not answer. */
async function freshPg() {
  const name = `pitboss_bench_http_${randomBytes(4).toString('hex')}`;
  try {
    await admin(`create database ${name}`);
  } catch {
    return null;
  }
  return { url: dbUrl(name), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

interface Booted {
  kind: string;
  bareUrl: string;
  url: string;
  apiKey: string;
  siteId: string;
  token: string;
}

/** The middle one of a few figures. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * /api/member/info (site key, session, one statement, envelope) against one database, beside a
 * bare Fastify route and its floor (the same statement alone) in the same server process; the load
 * comes from this process, as clients come from other machines, so it does not take the server's
 * event loop. Both routes are warmed first (a deployed server is warm), then floor and info run in
 * alternating rounds, so both see the same load on a shared machine; the ratio is the median of
 * the rounds' ratios, and the server's own CPU time per call is read around each round.
 */
async function infoOn(databaseUrl: string | undefined, cores: ReturnType<typeof splitCores>) {
  const child = spawnBenchChild('./httpServer.ts', databaseUrl, {}, { cpus: cores?.server });
  cores?.loadOn();
  try {
    const b = await child.next<Booted>();
    const json = { 'content-type': 'application/json' };
    const floorOpts = { ...common, url: `${b.bareUrl}/floor`, headers: json, body: '{}' };
    const infoOpts = {
      ...common,
      url: `${b.url}/api/member/info`,
      headers: { ...json, authorization: b.apiKey, 'x-auth-token': b.token },
      body: JSON.stringify({ siteId: b.siteId }),
    };
    const cpuNow = async () => {
      child.send('cpu');
      const u = await child.next<{ user: number; system: number }>();
      return u.user + u.system;
    };
    const measured = async (opts: autocannon.Options) => {
      const before = await cpuNow();
      const r = await load(opts);
      return { ...r, cpuUs: (await cpuNow()) - before };
    };
    for (const o of [floorOpts, infoOpts]) await load({ ...o, duration: 3 });
    const bareOpts = { ...common, url: `${b.bareUrl}/bare`, headers: json, body: '{}' };
    const bare = await load(bareOpts);
    const rounds: { floor: Figures & { cpuUs: number }; info: Figures & { cpuUs: number }; bare: Figures }[] = [];
    const round = (o: autocannon.Options) => measured({ ...o, duration: ROUND_S });
    for (let i = 0; i < ROUNDS; i++) {
      // the pair takes turns to go first, so neither route always runs right after the other
      if (i % 2) {
        const info = await round(infoOpts);
        rounds.push({ info, floor: await round(floorOpts), bare: await load({ ...bareOpts, duration: ROUND_S }) });
      } else {
        const bareNow = await load({ ...bareOpts, duration: ROUND_S });
        const floor = await round(floorOpts);
        rounds.push({ floor, info: await round(infoOpts), bare: bareNow });
      }
    }
    const loop = await eventLoopUnderLongQuery(b, child);
    const pick = (k: 'floor' | 'info') => ({
      rps: median(rounds.map((r) => r[k].rps)),
      p99: median(rounds.map((r) => r[k].p99)),
      cpuPerCall: median(rounds.map((r) => r[k].cpuUs / Math.max(r[k].total, 1))),
    });
    return {
      kind: b.kind,
      bare,
      floor: pick('floor'),
      info: pick('info'),
      ratio: median(rounds.map((r) => r.info.rps / r.floor.rps)),
      ofBare: median(rounds.map((r) => r.info.rps / r.bare.rps)),
      rounds,
      loop,
    };
  } finally {
    cores?.release();
    await child.close();
  }
}

// short rounds, many: a shared machine's speed drifts over seconds, and a pair measured close
// together sees the same drift
const ROUNDS = 12;
const ROUND_S = 2;

/**
 * requests/s and p99 of /api/member/info on PGlite and on PostgreSQL (a fresh database on
 * PITBOSS_PG_URL's server, when it answers), each against its floor in the same server process.
 */
export async function benchHttp(): Promise<void> {
  const pg = await freshPg();
  const cores = splitCores();
  try {
    // BENCH_DB=postgres|pglite runs one of them
    const runs = process.env.BENCH_DB === 'postgres' ? [] : [await infoOn(undefined, cores)];
    if (pg && process.env.BENCH_DB !== 'pglite') runs.push(await infoOn(pg.url, cores));
    const pinned = cores ? ', on a core of its own (the load on the others)' : '';
    console.log(`\n# HTTP (16 connections; server in its own process${pinned}, warmed; floor and info in ${ROUNDS} alternating ${ROUND_S} s rounds, medians)`);
    for (const { kind, bare, floor, info, ratio, ofBare, rounds } of runs) {
      const us = (x: number) => `${x.toFixed(0).padStart(4)} µs server CPU/call`;
      console.log(`${kind}: bare Fastify      ${bare.rps.toFixed(0).padStart(7)} req/s  p99 ${bare.p99} ms`);
      console.log(
        `${kind}: floor             ${floor.rps.toFixed(0).padStart(7)} req/s  p99 ${floor.p99} ms  ${us(floor.cpuPerCall)}  (member_info alone behind the bare route: the most /api/member/info can reach)`,
      );
      console.log(`${kind}: /api/member/info  ${info.rps.toFixed(0).padStart(7)} req/s  p99 ${info.p99} ms  ${us(info.cpuPerCall)}`);
      console.log(`${kind}: ratio info/floor ${ratio.toFixed(2)} (rounds ${rounds.map((r) => (r.info.rps / r.floor.rps).toFixed(2)).join(', ')}; goal >= 0.8)`);
      console.log(
        `${kind}: ratio info/bare Fastify ${ofBare.toFixed(2)} (rounds ${rounds.map((r) => (r.info.rps / r.bare.rps).toFixed(2)).join(', ')}; goal >= 0.3; a player's answer is kept in memory, auth/infoCache.ts)`,
      );
    }
    for (const { loop } of runs) console.log(loop);
    if (!pg) console.log('(PostgreSQL did not answer: PGlite only)');
  } finally {
    await pg?.drop();
  }
}

/**
 * Whether the server still answers while its database is busy: p99 of a route that needs no
 * database (/api/health), idle and while report-sized queries run back to back on the server's
 * own handle, and the server's event loop delay meanwhile.
 */
async function eventLoopUnderLongQuery(b: Booted, child: ReturnType<typeof spawnBenchChild>): Promise<string> {
  const common = { connections: 4, duration: 6, method: 'GET' as const, url: `${b.url}/api/health` };
  const idle = await load(common);
  child.send(`long ${common.duration * 1000}`);
  const busy = await load(common);
  const heavy = await child.next<{ queries: number; msEach: number; delayP99: number; delayMax: number }>();
  return [
    `\n# Event loop during long queries (${b.kind}, /api/health, 4 connections, 6 s)`,
    `idle              ${idle.rps.toFixed(0).padStart(7)} req/s  p99 ${idle.p99} ms`,
    `long queries      ${busy.rps.toFixed(0).padStart(7)} req/s  p99 ${busy.p99} ms  (${heavy.queries} queries, ${heavy.msEach.toFixed(0)} ms each)`,
    `event loop delay  p99 ${heavy.delayP99.toFixed(0)} ms  max ${heavy.delayMax.toFixed(0)} ms`,
    `ratio p99 busy/idle ${(busy.p99 / Math.max(idle.p99, 1)).toFixed(1)}`,
  ].join('\n');
}
