import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { spawnBenchChild } from './child.js';
import { admin, dbUrl } from './tree.js';

interface Figures {
  rps: number;
  p99: number;
}

function load(opts: autocannon.Options): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, r) => (err ? reject(err) : resolve({ rps: r.requests.average, p99: r.latency.p99 })));
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

/**
 * /api/member/info (site key, session, one statement, envelope) against one database, right after a
 * bare Fastify route in the same server process; the load comes from this process, as clients
 * come from other machines, so it does not take the server's event loop.
 */
async function infoOn(databaseUrl: string | undefined) {
  const child = spawnBenchChild('./httpServer.ts', databaseUrl);
  try {
    const b = await child.next<Booted>();
    // back to back, so both see the same load on a shared machine
    const bare = await load({ ...common, url: `${b.bareUrl}/bare`, headers: { 'content-type': 'application/json' }, body: '{}' });
    const floor = await load({ ...common, url: `${b.bareUrl}/floor`, headers: { 'content-type': 'application/json' }, body: '{}' });
    const info = await load({
      ...common,
      url: `${b.url}/api/member/info`,
      headers: { 'content-type': 'application/json', authorization: b.apiKey, 'x-auth-token': b.token },
      body: JSON.stringify({ siteId: b.siteId }),
    });
    const loop = await eventLoopUnderLongQuery(b, child);
    return { kind: b.kind, bare, floor, info, loop };
  } finally {
    await child.close();
  }
}

/**
 * requests/s and p99 of /api/member/info on PGlite and on PostgreSQL (a fresh database on
 * PITBOSS_PG_URL's server, when it answers), each beside a bare Fastify route measured just before it.
 */
export async function benchHttp(): Promise<void> {
  const pg = await freshPg();
  try {
    const runs = [await infoOn(undefined)];
    if (pg) runs.push(await infoOn(pg.url));
    console.log(`\n# HTTP (16 connections, 8 s each; server in its own process)`);
    for (const { kind, bare, floor, info } of runs) {
      console.log(`${kind}: bare Fastify      ${bare.rps.toFixed(0).padStart(7)} req/s  p99 ${bare.p99} ms`);
      console.log(
        `${kind}: bare + its query  ${floor.rps.toFixed(0).padStart(7)} req/s  p99 ${floor.p99} ms  ratio floor/bare ${(floor.rps / bare.rps).toFixed(2)}  (member_info alone: the most /api/member/info can reach)`,
      );
      console.log(`${kind}: /api/member/info  ${info.rps.toFixed(0).padStart(7)} req/s  p99 ${info.p99} ms  ratio info/bare ${(info.rps / bare.rps).toFixed(2)}`);
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
