import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
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
    return { kind: server.app.handle.kind, bare, info };
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
    if (!pg) console.log('(PostgreSQL did not answer: PGlite only)');
  } finally {
    await bareServer.close();
    await pg?.drop();
  }
}
