import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, testSealed, type TestServer } from './harness.js';
import { forgetSites } from '../../src/server/http/route.js';
import { commonCalls } from '../../src/contract/common.js';
import { inBankMaintenance } from '../../src/server/domain/money/cashRules.js';

/** A stand-in build: the shell and one hashed chunk with its brotli and gzip twins, as `vite build` writes them. */
function fakeBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'pitboss-dist-'));
  mkdirSync(join(dir, 'assets'));
  const chunk = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, label: `row ${i}` })))};\n`;
  writeFileSync(join(dir, 'assets', 'index-AbC123xy.js'), chunk);
  writeFileSync(join(dir, 'assets', 'index-AbC123xy.js.br'), brotliCompressSync(chunk));
  writeFileSync(join(dir, 'assets', 'index-AbC123xy.js.gz'), gzipSync(chunk));
  const preloads = Array.from({ length: 30 }, (_, i) => `<link rel="modulepreload" crossorigin href="/assets/chunk${i}-AbC123xy.js">`).join('\n');
  // the entry's stylesheet, with a rule that would close a style element if copied as it is
  writeFileSync(join(dir, 'assets', 'app-AbC123xy.css'), '.a{color:red}.b::after{content:"</style>"}');
  const styles = '<link rel="stylesheet" crossorigin href="/assets/app-AbC123xy.css">';
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><title>Pitboss</title>${preloads}${styles}</head><body><div id="root"></div></body></html>`);
  const routes = [
    // (patterns as the build writes them)
    {
      path: '/$prefix/partnerMain',
      pattern: '^/[^/]+/partnerMain/?$',
      js: ['assets/partnerMain-AbC123xy.js', 'assets/chunk3-AbC123xy.js'],
      css: ['assets/partnerMain-AbC123xy.css'],
      shell: true,
    },
    { path: '/$prefix/noticeRead/$boardIdx', pattern: '^/[^/]+/noticeRead/[^/]+/?$', js: ['assets/noticeRead-AbC123xy.js'], css: [], shell: true },
    { path: '/$prefix/login', pattern: '^/[^/]+/login/?$', js: ['assets/login-AbC123xy.js'], css: [], shell: false },
    { path: '/$prefix/$', pattern: '^/[^/]+(?:/.*)?/?$', js: ['assets/notFound-AbC123xy.js'], css: [], shell: false },
  ];
  const catalogues = { ko: 'assets/messages-Ko123456.js', en: 'assets/messages-En123456.js', vn: 'assets/messages-Vn123456.js' };
  writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify({ routes, catalogues }));
  writeFileSync(join(dir, 'sw.js'), `self.precache = ${JSON.stringify(Array.from({ length: 100 }, (_, i) => `/assets/x${i}.js`))};`);
  return { dir, chunk };
}

const bootOf = (html: string) => /<script id="pitboss-boot" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];

describe(`static files, compression and the shell (${testDb})`, () => {
  let s: TestServer;
  const build = fakeBuild();
  const get = (url: string, encoding?: string) => s.http.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  beforeAll(async () => {
    s = await startTestServer({ staticDir: build.dir });
  }, 600_000);
  afterAll(async () => {
    await s?.close();
    rmSync(build.dir, { recursive: true, force: true });
  });

  it('sends a hashed asset as its brotli twin, cached for a year, varying on Accept-Encoding', async () => {
    const res = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(build.chunk);
  });

  it('sends gzip to a client without brotli and the plain file to one without either', async () => {
    const gz = await get('/assets/index-AbC123xy.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(build.chunk);
    expect(gz.headers['cache-control']).toContain('immutable');
    const plain = await get('/assets/index-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(build.chunk);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it("keeps a document's security headers on the shell and the service worker, and only nosniff and the resource policy on assets", async () => {
    const asset = await get('/assets/index-AbC123xy.js', 'br');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const h of ['content-security-policy', 'x-frame-options', 'referrer-policy']) expect(asset.headers[h], h).toBeUndefined();
    for (const url of ['/demo', '/sw.js']) {
      const res = await get(url, 'br');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it("lets only the app's own pages frame the game page (the in-app game view), and no other page at all", async () => {
    const game = await get('/demo/game/demo-slot/slot1?t=abc', 'br');
    expect(game.statusCode).toBe(200);
    expect(game.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(game.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(game.headers['cross-origin-opener-policy']).toBe('same-origin');
    // a look-alike path or a deeper one is not the game page: no framing
    for (const url of ['/demo/game', '/demo/game/demo-slot', '/demo/game/demo-slot/slot1/x', '/demo/partnerMain?next=/demo/game/a/b']) {
      const res = await get(url, 'br');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('never caches the shell or the service worker immutably', async () => {
    for (const url of ['/index.html', '/sw.js', '/demo', '/demo/partnerMain']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a missing hashed asset with 404, not the shell', async () => {
    const res = await get('/assets/index-gone1234.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });

  it('embeds the site and its maintenance window in the shell for /$prefix', async () => {
    const res = await get('/demo/login');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const boot = JSON.parse(bootOf(res.body)!);
    const site = await s.call(commonCalls.site, { prefix: 'demo' });
    // the bank's nightly window is the clock's: closed between 23:30 and 00:30 KST
    const bankClosed = inBankMaintenance(new Date());
    expect(boot).toEqual({ prefix: 'demo', site: site.data, check: { startDate: null, endDate: null, inCheck: false, inAmtYn: 'Y', outAmtYn: 'Y', bankClosed } });
    // unknown prefixes and the root get the plain shell
    expect(bootOf((await get('/nope/login')).body)).toBeUndefined();
    expect(bootOf((await get('/index.html')).body)).toBeUndefined();
  });

  it("names the page's chunks, styles and catalogue in the shell it sends", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="(modulepreload|stylesheet|preload)"(?: as="(\w+)")?[^>]*href="([^"]+)"(?![^>]* disabled)/g)].map((m) =>
        [m[1], m[2], m[3]].filter(Boolean).join(' '),
      );
    const main = preloads((await get('/demo/partnerMain')).body);
    expect(main).toEqual(
      expect.arrayContaining(['preload style /assets/partnerMain-AbC123xy.css', 'modulepreload /assets/partnerMain-AbC123xy.js', 'modulepreload /assets/messages-Ko123456.js']),
    );
    // the page's styles do not hold the first paint back: its chunk applies them before its screen renders
    expect(main.filter((l) => l.startsWith('stylesheet '))).toEqual([]);
    // already named by the shell: not twice
    expect(main.filter((l) => l.endsWith('/assets/chunk3-AbC123xy.js'))).toHaveLength(1);
    expect(preloads((await get('/demo/noticeRead/12?x=1')).body)).toContain('modulepreload /assets/noticeRead-AbC123xy.js');
    const login = preloads((await get('/demo/login')).body);
    expect(login).toEqual(expect.arrayContaining(['modulepreload /assets/login-AbC123xy.js', 'preload image /demo/icons/icon-192.png']));
    expect(login.join()).not.toContain('notFound');
    expect(preloads((await get('/demo/nothing/here')).body)).toContain('modulepreload /assets/notFound-AbC123xy.js');
    // the language the user picked, else Korean
    const en = await s.http.inject({ method: 'GET', url: '/demo/login', headers: { cookie: 'a=1; pitboss-lang=en' } });
    expect(preloads(en.body)).toContain('modulepreload /assets/messages-En123456.js');
    expect(preloads(en.body).join()).not.toContain('Ko123456');
    // an unknown site gets the plain shell
    expect(preloads((await get('/nope/partnerMain')).body).join()).not.toContain('partnerMain');
  });

  it('embeds the footer options and the popups for a signed-in shell, and preloads the popup image', async () => {
    const res = await get('/demo/partnerMain');
    const boot = JSON.parse(bootOf(res.body)!);
    const popups = await s.post('/api/main/popupList', {});
    const option = await s.post('/api/etc/siteOption', {});
    expect(boot.popups).toEqual(popups.data);
    expect(boot.option).toEqual(option.data);
    const image = popups.data.list.find((p: { imageUrl: string | null }) => p.imageUrl)?.imageUrl;
    if (image) expect(res.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${image}">`);
    expect(JSON.parse(bootOf((await get('/demo/login')).body)!).popups).toBeUndefined();
  });

  it("starts the dashboard's first calls and paints a page's last-seen copy from its shell, in the two inline scripts the page's policy allows by hash", async () => {
    const inline = (html: string) => [...html.matchAll(/<script(?![^>]*type="application\/json")([^>]*)>([^<]+)<\/script>/g)];
    const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const res = await get('/demo/partnerMain');
    const [early, last, ...others] = inline(res.body);
    expect(others).toEqual([]);
    expect(early[1]).toContain('data-page="partnerMain" data-calls="/api/v2/main/topInfo,/api/v2/main/statistics,');
    expect(early[2]).toContain('fetch("/api/early/"+d.page');
    // after the boot data it reads, before anything that could hold it back
    expect(res.body.indexOf('id="pitboss-boot"')).toBeLessThan(res.body.indexOf(early[0]));
    // the last paint: after the app's root, read from this device's copy for the same member, page and build
    expect(last[2]).toContain('"pitboss:"+b.prefix+":lastPaint"');
    expect(res.body).toContain(`<div id="root"></div>${last[0]}</body>`);
    expect(
      res.headers['content-security-policy']!.toString()
        .match(/script-src[^;]*/)![0]
        .split(' '),
    ).toEqual(['script-src', "'self'", hashOf(early[2]), hashOf(last[2])]);
    // every other page of a site: the last paint's script only, the same text; outside every site none
    for (const url of ['/demo/login', '/demo/noticeRead/12', '/demo/partnerMainX', '/demo/lobby'])
      expect(
        inline((await get(url)).body).map((m) => m[0]),
        url,
      ).toEqual([last[0]]);
    expect(inline((await get('/nope/login')).body)).toEqual([]);
  });

  it("opens a login page on the site's logo and name, in the login frame's classes; a signed-in page's root stays empty", async () => {
    const root = (html: string) => /<div id="root">(.*?)<\/div>(?:<script>[^<]*<\/script>)?<\/body>/s.exec(html)?.[1];
    const site = await s.call(commonCalls.site, { prefix: 'demo' });
    const login = root((await get('/demo/login')).body)!;
    expect(login).toContain(`<p class="auth-title">${site.data!.siteName}</p>`);
    expect(login).toContain('<img class="auth-logo" src="/demo/icons/icon-192.png"');
    expect(login).toMatch(/^<main class="auth-page" aria-hidden="true">/);
    expect(root((await get('/demo/partnerMain')).body)).toBe('');
    expect(root((await get('/nope/login')).body)).toBe('');
  });

  it("carries the entry's styles in every shell it sends, so the first paint waits on no other request", async () => {
    for (const url of ['/demo/login', '/demo/partnerMain', '/nope/login', '/']) {
      const { body } = await get(url);
      // and its link, disabled: a chunk that names these styles finds them in place and asks for nothing
      expect(body, url).toContain('<style>.a{color:red}.b::after{content:"<\\/style>"}</style><link rel="stylesheet" crossorigin href="/assets/app-AbC123xy.css" disabled>');
      expect(body.match(/app-AbC123xy\.css/g), url).toHaveLength(1);
    }
    // the boot data and the page's first calls come before the styles, as before the stylesheet
    const main = (await get('/demo/partnerMain')).body;
    expect(main.indexOf('id="pitboss-boot"')).toBeLessThan(main.indexOf('<style>'));
  });

  it('compresses the shell it sends for client routes', async () => {
    const res = await get('/demo/partnerMain', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(bootOf(gunzipSync(res.rawPayload).toString())).toBeDefined();
  });

  it('escapes the embedded JSON so no site name can close the script element', async () => {
    const name = '</script><script>alert(1)</script><!-- & \u2028\u2029';
    const before = await s.app.db.selectFrom('site').select('name').where('prefix', '=', 'demo').executeTakeFirstOrThrow();
    await s.app.db.updateTable('site').set({ name }).where('prefix', '=', 'demo').execute();
    // edited behind the API's back: the cached site row must be dropped by hand
    forgetSites();
    try {
      const html = (await get('/demo')).body;
      const raw = bootOf(html)!;
      expect(raw).not.toMatch(/[<>&\u2028\u2029]/);
      // the boot data and the last paint's script, none from the name
      expect(html.match(/<script/g)).toHaveLength(2);
      expect(JSON.parse(raw).site.siteName).toBe(name);
      // the login page's first paint names the site as text, never as markup
      const login = (await get('/demo/login')).body;
      expect(login.match(/<script/g)).toHaveLength(2);
      expect(login).toContain('<p class="auth-title">&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!-- &#38;');
    } finally {
      await s.app.db.updateTable('site').set({ name: before.name }).where('prefix', '=', 'demo').execute();
      forgetSites();
    }
  });

  // sealed answers are ciphertext, which does not compress (docs/encrypted-bodies.md)
  it.skipIf(testSealed)('compresses a large API answer and leaves a small one alone', async () => {
    const token = await s.login('ptn1');
    const call = (url: string, body: object) =>
      s.http.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', authorization: s.apiKey, 'x-auth-token': token, 'accept-encoding': 'gzip, br' },
        payload: { siteId: s.siteId, ...body },
      });
    const list = await call('/api/v2/user/lowerUserList', { page: 1, count_per_list: 100, treeOption: 'Y' });
    expect(list.headers['content-encoding']).toBe('br');
    expect(String(list.headers.vary)).toMatch(/accept-encoding/i);
    const json = JSON.parse(brotliDecompressSync(list.rawPayload).toString());
    expect(json.resultCode).toBe('0');
    expect(json.data.list.length).toBeGreaterThan(10);
    expect(list.rawPayload.length).toBeLessThan(JSON.stringify(json).length / 3);
    const small = await call('/api/common/siteCheckInfo', {});
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().resultCode).toBe('0');
  });
});
