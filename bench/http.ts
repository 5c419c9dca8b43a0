import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as turn } from 'node:timers/promises';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { startBenchServer } from './server.js';
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

/** /api/member/info (site key, session, one statement, envelope) against one database, right after the bare route. */
async function infoOn(databaseUrl: string | undefined, bareUrl: string) {
  const server = await startBenchServer({ databaseUrl });
  try {
    const post = async (path: string, body: object, headers: Record<string, string> = {}) =>
      (await (await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json()) as any;
    const site = (await post('/api/common/site', { prefix: 'demo' })).data;
    const h = { authorization: site.apiKey };
    const captcha = (await post('/api/member/captcha', { siteId: site.siteId }, h)).data;
    const login = await post('/api/member/login', { siteId: site.siteId, memId: 'user1', memPass: 'demo1234!', captchaId: captcha?.captchaId, captcha: '1234' }, h);
    if (login.resultCode !== '0') throw new Error(`login failed: ${login.resultCode}`);
    // back to back, so both see the same load on a shared machine
    const bare = await load({ ...common, url: `${bareUrl}/bare`, headers: { 'content-type': 'application/json' }, body: '{}' });
    const info = await load({
      ...common,
      url: `${server.url}/api/member/info`,
      headers: { 'content-type': 'application/json', authorization: site.apiKey, 'x-auth-token': login.data.token },
      body: JSON.stringify({ siteId: site.siteId }),
    });
    const loop = await eventLoopUnderLongQuery(server);
    return { kind: server.app.handle.kind, bare, info, loop };
  } finally {
    await server.close();
  }
}

/**
 * requests/s and p99 of /api/member/info on PGlite and on PostgreSQL (a fresh database on
 * PITBOSS_PG_URL's server, when it answers), each beside a bare Fastify route measured just before it.
 */
export async function benchHttp(): Promise<void> {
  const bareServer = Fastify();
  bareServer.post('/bare', async () => ({ resultCode: '0', resultMessage: 'OK', data: { ok: true } }));
  const bareUrl = await bareServer.listen({ port: 0, host: '127.0.0.1' });
  const pg = await freshPg();
  try {
    const runs = [await infoOn(undefined, bareUrl)];
    if (pg) runs.push(await infoOn(pg.url, bareUrl));
    console.log(`\n# HTTP (16 connections, 8 s each)`);
    for (const { kind, bare, info } of runs) {
      console.log(`${kind}: bare Fastify      ${bare.rps.toFixed(0).padStart(7)} req/s  p99 ${bare.p99} ms`);
      console.log(`${kind}: /api/member/info  ${info.rps.toFixed(0).padStart(7)} req/s  p99 ${info.p99} ms  ratio info/bare ${(info.rps / bare.rps).toFixed(2)}`);
    }
    for (const { loop } of runs) console.log(loop);
    if (!pg) console.log('(PostgreSQL did not answer: PGlite only)');
  } finally {
    await bareServer.close();
    await pg?.drop();
  }
}

// a report-sized aggregate: a few hundred ms of database work in one statement
const LONG_QUERY = sql`select sum(a * b) as s from generate_series(1, 1200) a, generate_series(1, 1200) b`;

/**
 * Whether the server still answers while its database is busy: p99 of a route that needs no
 * database (/api/health), idle and while report-sized queries run back to back on the server's
 * own handle, and the event loop's delay meanwhile.
 */
async function eventLoopUnderLongQuery(server: Awaited<ReturnType<typeof startBenchServer>>): Promise<string> {
  const common = { connections: 4, duration: 6, method: 'GET' as const, url: `${server.url}/api/health` };
  const idle = await load(common);
  const until = performance.now() + common.duration * 1000;
  let queries = 0;
  let spent = 0;
  const heavy = (async () => {
    // a deadline, not a flag: with PGlite on the event loop a flag set by a timer is never seen
    while (performance.now() < until) {
      const t = performance.now();
      await LONG_QUERY.execute(server.app.db);
      spent += performance.now() - t;
      queries++;
      await turn(); // the next report arrives as its own request
    }
  })();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const busy = await load(common);
  delay.disable();
  await heavy;
  const ms = (ns: number) => (ns / 1e6).toFixed(0);
  return [
    `\n# Event loop during long queries (${server.app.handle.kind}, /api/health, 4 connections, 6 s)`,
    `idle              ${idle.rps.toFixed(0).padStart(7)} req/s  p99 ${idle.p99} ms`,
    `long queries      ${busy.rps.toFixed(0).padStart(7)} req/s  p99 ${busy.p99} ms  (${queries} queries, ${(spent / Math.max(queries, 1)).toFixed(0)} ms each)`,
    `event loop delay  p99 ${ms(delay.percentile(99))} ms  max ${ms(delay.max)} ms`,
    `ratio p99 busy/idle ${(busy.p99 / Math.max(idle.p99, 1)).toFixed(1)}`,
  ].join('\n');
}
