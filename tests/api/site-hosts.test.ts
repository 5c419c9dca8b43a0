/**
 * A site on its own host name: the platform lists a site's host names (lower-case, valid, one site
 * each); a request for one opens that site at `/` (the prefix keeps working on every host), its
 * manifest keeps the site's scope, and a page of another site asked there goes to the host's own.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformOpsCalls as ops } from '../../src/contract/platformOps.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { openedSite, platformOwner, postJson } from './platformKit.js';
import { commonCalls } from '../../src/contract/common.js';

describe(`a site on its own host name (${testDb})`, () => {
  let s: TestServer;
  let owner: string;
  /** A GET as a proxy forwards it, with the visitor's Host. */
  const get = (path: string, host: string) =>
    new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
      const u = new URL(s.url);
      const req = request({ host: u.hostname, port: u.port, path, headers: { host } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
      });
      req.on('error', reject);
      req.end();
    });
  const setHosts = (prefix: string, hosts: string[]) => postJson<{ hosts: string[] }>(s, ops.hosts.path, { prefix, hosts }, { token: owner });

  beforeAll(async () => {
    s = await startTestServer();
    owner = await platformOwner(s);
    await openedSite(s, owner, 'lucky');
  }, 120_000);
  afterAll(() => s?.close());

  it('keeps host names lower-case and valid, each on one site only, and changes nothing on a refusal', async () => {
    expect(await setHosts('demo', ['Play.Demo-Casino.example', 'demo.example.com.', 'play.demo-casino.example'])).toMatchObject({
      resultCode: '0',
      data: { hosts: ['play.demo-casino.example', 'demo.example.com'] },
    });
    for (const bad of ['localhost', 'no space.example', '-lead.example', 'a..b.example', 'x.example/path', 'user@x.example']) {
      expect((await setHosts('demo', [bad])).resultCode, bad).toBe('BR006');
    }
    expect((await setHosts('lucky', ['lucky.example', 'PLAY.demo-casino.example'])).resultCode).toBe('BR007');
    expect((await setHosts('nosuch', ['x.example'])).resultCode).toBe('S404');
    const demo = await postJson<{ hosts: string[] }>(s, ops.site.path, { prefix: 'demo' }, { token: owner });
    expect(demo.data!.hosts).toEqual(['demo.example.com', 'play.demo-casino.example']);
    const lucky = await postJson<{ hosts: string[] }>(s, ops.site.path, { prefix: 'lucky' }, { token: owner });
    expect(lucky.data!.hosts).toEqual([]);
    const audit = await s.app.db.selectFrom('platform_audit').select(['actor', 'detail']).where('action', '=', 'site.hosts').execute();
    expect(audit).toEqual([{ actor: 'owner', detail: { prefix: 'demo', hosts: ['play.demo-casino.example', 'demo.example.com'] } }]);
  });

  it("opens the site at the root of its own host, with the site's manifest; other hosts are unchanged", async () => {
    expect((await setHosts('lucky', ['lucky.example'])).resultCode).toBe('0');
    expect(await get('/', 'play.demo-casino.example')).toMatchObject({ status: 302, location: '/demo/' });
    // the port a proxy may leave on, and any case
    expect(await get('/', 'Lucky.Example:8443')).toMatchObject({ status: 302, location: '/lucky/' });
    expect((await get('/', 'unknown.example')).location ?? '').not.toMatch(/^\/(demo|lucky)\//);
    const manifest = JSON.parse((await get('/lucky/manifest.webmanifest', 'lucky.example')).body) as { scope: string; start_url: string; name: string };
    expect(manifest).toMatchObject({ scope: '/lucky/', start_url: '/lucky/', name: 'Site lucky' });
    // the site's API on its host: the same site by its prefix
    const site = await postJson<{ siteName: string }>(s, commonCalls.site.path, { prefix: 'lucky' });
    expect(site.data!.siteName).toBe('Site lucky');
  });

  it('lets a host name go: the root of that host no longer opens the site, on every instance', async () => {
    expect((await setHosts('lucky', [])).data!.hosts).toEqual([]);
    expect((await get('/', 'lucky.example')).location ?? '').not.toBe('/lucky/');
    // now free for another site
    expect((await setHosts('demo', ['play.demo-casino.example', 'lucky.example'])).resultCode).toBe('0');
    expect(await get('/', 'lucky.example')).toMatchObject({ status: 302, location: '/demo/' });
  });
});
