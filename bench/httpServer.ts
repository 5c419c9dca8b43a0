/**
 * The HTTP bench's server side, in its own process (bench/child.ts): a bare Fastify route, the bare
 * route with /api/member/info's one statement, and the API on an empty db, user1 signed in; prints both addresses as one JSON line, then answers
 * `cpu` (this process's CPU time so far, in µs), `long <ms>` (report-sized queries back to back on the server's own handle for that long, with the
 * event loop's delay meanwhile) and `exit`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setImmediate as turn } from 'node:timers/promises';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { startBenchServer } from './server.js';

// a report-sized aggregate: a few hundred ms of database work in one statement
const LONG_QUERY = sql`select sum(a * b) as s from generate_series(1, 1200) a, generate_series(1, 1200) b`;

const server = await startBenchServer({ databaseUrl: process.env.DATABASE_URL || undefined });
const bare = Fastify();
bare.post('/bare', async () => ({ resultCode: '0', resultMessage: 'OK', data: { ok: true } }));
// the floor under /api/member/info: its one statement through the server's own db handle, with
// none of the API's work around it (no hooks, site key, session, contract or envelope)
let infoArgs: [number, Date, number] = [0, new Date(), 0];
bare.post('/floor', async () => ({ resultCode: '0', data: (await sql`select * from member_info(${infoArgs[0]}, ${infoArgs[1]}, ${infoArgs[2]})`.execute(server.app.db)).rows[0] }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const post = async (path: string, body: object, headers: Record<string, string> = {}) =>
  (await (await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json()) as any;
const site = (await post('/api/common/site', { prefix: 'demo' })).data;
const h = { authorization: site.apiKey };
const captcha = (await post('/api/member/captcha', { siteId: site.siteId }, h)).data;
const login = await post('/api/member/login', { siteId: site.siteId, memId: 'user1', memPass: 'demo1234!', captchaId: captcha?.captchaId, captcha: '1234' }, h);
if (login.resultCode !== '0') throw new Error(`login failed: ${login.resultCode}`);
const user1 = await server.app.db.selectFrom('member').select('id').where('site_id', '=', site.siteId).where('mem_id', '=', 'user1').executeTakeFirstOrThrow();
infoArgs = [user1.id, new Date(Date.now() - 30 * 86_400_000), 100];
console.log(JSON.stringify({ kind: server.app.handle.kind, bareUrl, url: server.url, apiKey: site.apiKey, siteId: site.siteId, token: login.data.token }));

/** Report-sized queries back to back for `ms` (a deadline, not a flag: with PGlite on the event loop a flag set by a timer is never seen). */
async function longQueries(ms: number) {
  const until = performance.now() + ms;
  let queries = 0;
  let spent = 0;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  while (performance.now() < until) {
    const t = performance.now();
    await LONG_QUERY.execute(server.app.db);
    spent += performance.now() - t;
    queries++;
    await turn(); // the next report arrives as its own request
  }
  delay.disable();
  return { queries, msEach: spent / Math.max(queries, 1), delayP99: delay.percentile(99) / 1e6, delayMax: delay.max / 1e6 };
}

for await (const line of createInterface({ input: process.stdin })) {
  const [cmd, arg] = line.trim().split(' ');
  if (cmd === 'cpu') console.log(JSON.stringify(process.cpuUsage()));
  if (cmd === 'long') console.log(JSON.stringify(await longQueries(Number(arg))));
  if (cmd === 'exit') break;
}
await server.close();
await bare.close();
process.exit(0);
