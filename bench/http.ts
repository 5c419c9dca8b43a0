import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startBenchServer } from './server.js';

interface Figures {
  rps: number;
  p99: number;
}

function load(opts: autocannon.Options): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, r) => (err ? reject(err) : resolve({ rps: r.requests.average, p99: r.latency.p99 })));
  });
}

/** requests/s and p99 of /api/member/info (auth + session lookup + envelope) beside a bare Fastify route. */
export async function benchHttp(): Promise<void> {
  const server = await startBenchServer();
  const bare = Fastify();
  bare.post('/bare', async () => ({ resultCode: '0', resultMessage: 'OK', data: { ok: true } }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const post = async (path: string, body: object, headers: Record<string, string> = {}) =>
      (await (await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json()) as any;
    const site = (await post('/api/common/site', { prefix: 'demo' })).data;
    const h = { authorization: site.apiKey };
    const captcha = (await post('/api/member/captcha', { siteId: site.siteId }, h)).data;
    const login = await post('/api/member/login', { siteId: site.siteId, memId: 'user1', memPass: 'demo1234!', captchaId: captcha?.captchaId, captcha: '1234' }, h);
    if (login.resultCode !== '0') throw new Error(`login failed: ${login.resultCode}`);
    const common = { connections: 16, duration: 8, method: 'POST' as const };
    const info = await load({
      ...common,
      url: `${server.url}/api/member/info`,
      headers: { 'content-type': 'application/json', authorization: site.apiKey, 'x-auth-token': login.data.token },
      body: JSON.stringify({ siteId: site.siteId }),
    });
    const base = await load({ ...common, url: `${bareUrl}/bare`, headers: { 'content-type': 'application/json' }, body: '{}' });
    console.log(`\n# HTTP (${server.app.handle.kind}, 16 connections, 8 s)`);
    console.log(`/api/member/info  ${info.rps.toFixed(0).padStart(7)} req/s  p99 ${info.p99} ms`);
    console.log(`bare Fastify      ${base.rps.toFixed(0).padStart(7)} req/s  p99 ${base.p99} ms`);
    console.log(`ratio info/bare   ${(info.rps / base.rps).toFixed(2)}`);
  } finally {
    await bare.close();
    await server.close();
  }
}
