import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { setSiteBrand, setSiteHosts } from '../../src/server/domain/site/brand.js';

/** A stand-in build: the shell as `vite build` writes it from index.html. */
function fakeBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'pitboss-brand-'));
  const head = readFileSync('index.html', 'utf8').replace(
    '<script type="module" src="/src/app/main.tsx"></script>',
    '<script type="module" crossorigin src="/assets/index-AbC123xy.js"></script>',
  );
  writeFileSync(join(dir, 'index.html'), head);
  cpSync('public/icons', join(dir, 'icons'), { recursive: true });
  return dir;
}

const LUCKY_SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100"><defs><linearGradient id="g"><stop offset="0" stop-color="#f5c542"/><stop offset="1" stop-color="#e0452b"/></linearGradient></defs><rect width="300" height="100" rx="20" fill="url(#g)"/></svg>',
);

async function pngOf(color: string, side = 64) {
  const c = createCanvas(side, side);
  const ctx = c.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, side, side);
  return c.encode('png');
}

describe(`a site's brand, its installed app and its host names (${testDb})`, () => {
  let s: TestServer;
  const dist = fakeBuild();
  const get = (url: string, headers: Record<string, string> = {}) => s.http.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    s = await startTestServer({ staticDir: dist });
    await s.app.db
      .insertInto('site')
      .values([
        { id: 'lucky', prefix: 'lucky', name: 'Lucky', api_key: 'lucky-key', options: '{}' },
        { id: 'plain', prefix: 'plain', name: 'Plain Casino', api_key: 'plain-key', options: '{}' },
      ])
      .execute();
    await setSiteBrand(s.app.db, 'lucky', { name: 'Lucky "7" & Co', shortName: 'Lucky 7', themeColor: '#1A7F37', logo: LUCKY_SVG });
    await s.app.sites.changed('lucky');
  }, 600_000);
  afterAll(async () => {
    await s?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** The manifest of a prefix, each of its icons fetched and decoded. */
  async function installed(prefix: string) {
    const res = await get(`/${prefix}/manifest.webmanifest`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.body);
    const icons = [];
    for (const icon of manifest.icons as { src: string; sizes: string; purpose?: string }[]) {
      const file = await get(icon.src);
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      const image = await loadImage(file.rawPayload);
      expect(`${image.width}x${image.height}`, icon.src).toBe(icon.sizes);
      icons.push({ ...icon, file, image });
    }
    return { manifest, icons };
  }

  it("gives the demo site its own manifest: the site's name, id, scope and start under its prefix, its icons at their sizes", async () => {
    const { manifest, icons } = await installed('demo');
    expect(manifest).toMatchObject({
      id: '/demo/',
      name: 'Pitboss Demo',
      short_name: 'Pitboss Demo',
      scope: '/demo/',
      start_url: '/demo/',
      display: 'standalone',
      theme_color: '#c9302c',
    });
    expect(icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual(['192x192', '512x512', '512x512 maskable']);
    for (const i of icons) {
      expect(i.src).toMatch(/^\/demo\/icons\/[a-z0-9-]+\.[A-Za-z0-9_-]{12}\.png$/);
      // a versioned name is kept for a year; its ETag answers a revalidation with 304
      expect(i.file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await get(i.src, { 'if-none-match': String(i.file.headers.etag) })).statusCode).toBe(304);
      // a palette PNG (IHDR colour type 3): a phone's first visit fetches these beside the page
      expect(i.file.rawPayload[25], i.src).toBe(3);
    }
    expect((await get(icons[0].src)).rawPayload.length).toBeLessThan(8_000);
    // the name without a version is the current icon, revalidated
    const plain = await get('/demo/icons/icon-192.png');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.rawPayload.equals(icons[0].file.rawPayload)).toBe(true);
  });

  it("sends every page of a site with the site's title, theme colour, manifest, apple touch icon and favicon", async () => {
    for (const url of ['/demo', '/demo/main', '/demo/admin/login?x=1']) {
      const page = (await get(url)).body;
      expect(page.match(/<title>/g), url).toHaveLength(1);
      expect(page).toContain('<title>Pitboss Demo</title>');
      expect(page).toContain('<meta name="theme-color" content="#c9302c" />');
      expect(page).toContain('<link rel="manifest" href="/demo/manifest.webmanifest" />');
      expect(page).toMatch(/<link rel="apple-touch-icon" href="\/demo\/icons\/apple-touch-icon\.[A-Za-z0-9_-]{12}\.png" \/>/);
      expect(page).toMatch(/<link rel="icon" type="image\/png" href="\/demo\/icons\/favicon\.[A-Za-z0-9_-]{12}\.png" \/>/);
      // the manifest and icons wait in a template for the first paint; the head itself names an empty icon only
      const later = /<template id="pitboss-late-head">(.*?)<\/template>/s.exec(page)?.[1] ?? '';
      expect(later.match(/<link rel="(manifest|icon|apple-touch-icon)"/g), url).toHaveLength(3);
      expect(page.replace(later, '').match(/<link rel="(?:manifest|icon|apple-touch-icon)"[^>]*>/g), url).toEqual(['<link rel="icon" href="data:," />']);
    }
    // a path outside every site keeps the plain shell
    expect((await get('/nope/main')).body).toContain('<title>Pitboss</title>');
  });

  it('gives a second site its own app, from an SVG logo rasterised on the server, its name escaped in the page', async () => {
    const { manifest, icons } = await installed('lucky');
    expect(manifest).toMatchObject({ id: '/lucky/', name: 'Lucky "7" & Co', short_name: 'Lucky 7', scope: '/lucky/', start_url: '/lucky/', theme_color: '#1a7f37' });
    // the maskable icon keeps the logo inside the safe zone, on the theme colour
    const maskable = icons.find((i) => i.purpose === 'maskable')!;
    const c = createCanvas(512, 512);
    const ctx = c.getContext('2d');
    ctx.drawImage(maskable.image, 0, 0);
    expect([...ctx.getImageData(8, 8, 1, 1).data]).toEqual([0x1a, 0x7f, 0x37, 255]);
    expect([...ctx.getImageData(256, 256, 1, 1).data.slice(3)]).toEqual([255]);
    // nothing of the logo outside the circle of 80% a launcher may keep
    for (let a = 0; a < 360; a += 15) {
      const [x, y] = [256 + 0.41 * 512 * Math.cos((a * Math.PI) / 180), 256 + 0.41 * 512 * Math.sin((a * Math.PI) / 180)];
      expect([...ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data], `${a}°`).toEqual([0x1a, 0x7f, 0x37, 255]);
    }
    const page = (await get('/lucky/main')).body;
    expect(page).toContain('<title>Lucky &#34;7&#34; &#38; Co</title>');
    expect(page).toContain('<link rel="manifest" href="/lucky/manifest.webmanifest" />');
    expect(page).toContain('<meta name="theme-color" content="#1a7f37" />');
    // the name is the site's: the app's header and the site call show it
    const site = JSON.parse((await s.http.inject({ method: 'POST', url: '/api/common/site', payload: { prefix: 'lucky' } })).body);
    expect(site.data.siteName).toBe('Lucky "7" & Co');
  });

  it("installs a site without a brand under its name with the app's own icons", async () => {
    const { manifest } = await installed('plain');
    expect(manifest).toMatchObject({ id: '/plain/', name: 'Plain Casino', short_name: 'Plain Casino', scope: '/plain/' });
    const icon = await get('/plain/icons/icon-192.png');
    expect(icon.statusCode).toBe(302);
    expect(icon.headers.location).toBe('/icons/icon-192.png');
    expect((await get('/nope/manifest.webmanifest')).body).not.toContain('"scope"');
    expect((await get('/nope/icons/icon-192.png')).statusCode).toBe(404);
  });

  it('refuses a bad logo, name or colour with its code and changes nothing', async () => {
    const before = async () => ({
      brand: await s.app.db.selectFrom('site_brand').selectAll().where('site_id', '=', 'lucky').executeTakeFirstOrThrow(),
      icons: await s.app.db.selectFrom('site_icon').select(['kind', 'png']).where('site_id', '=', 'lucky').orderBy('kind').execute(),
      name: (await s.app.db.selectFrom('site').select('name').where('id', '=', 'lucky').executeTakeFirstOrThrow()).name,
    });
    const kept = await before();
    const good = { name: 'Other', shortName: 'Other', themeColor: '#000000' };
    const png = await pngOf('#336699');
    const tooLarge = Buffer.concat([png, Buffer.alloc(1024 * 1024)]);
    const hugePng = Buffer.from(png);
    hugePng.writeUInt32BE(100_000, 16); // says 100,000 pixels wide: a decompression bomb
    const cases: [string, Parameters<typeof setSiteBrand>[2]][] = [
      ['BR001', { ...good, logo: Buffer.from('GIF89a not what it says') }],
      ['BR001', { ...good, logo: Buffer.from('just text') }],
      ['BR001', { ...good, logo: png.subarray(0, 40) }],
      ['BR001', { ...good, logo: hugePng }],
      ['BR001', { ...good, logo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect') }],
      ['BR002', { ...good, logo: tooLarge }],
      ['BR003', { ...good, logo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>') }],
      ['BR003', { ...good, logo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>') }],
      [
        'BR003',
        { ...good, logo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="https://evil.example/x.png" width="10" height="10"/></svg>') },
      ],
      ['BR003', { ...good, logo: Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>') }],
      ['BR004', { ...good, name: '  ', logo: png }],
      ['BR004', { ...good, shortName: 'thirteen char', logo: png }],
      ['BR004', { ...good, name: '<b>x</b>', logo: png }],
      ['BR005', { ...good, themeColor: 'red', logo: png }],
      ['BR005', { ...good, themeColor: '#12345', logo: png }],
    ];
    for (const [code, input] of cases) await expect(setSiteBrand(s.app.db, 'lucky', input), code).rejects.toMatchObject({ code });
    await expect(setSiteBrand(s.app.db, 'gone', { ...good, logo: png })).rejects.toMatchObject({ code: 'S404' });
    expect(await before()).toEqual(kept);
  });

  it('answers on a site’s own host name: / opens that site, the prefix keeps working, another site’s page is not shown there', async () => {
    await expect(setSiteHosts(s.app.db, 'lucky', ['bad host', 'x.example'])).rejects.toMatchObject({ code: 'BR006' });
    await expect(setSiteHosts(s.app.db, 'lucky', ['localhost'])).rejects.toMatchObject({ code: 'BR006' });
    expect(await setSiteHosts(s.app.db, 'lucky', ['Lucky.Example.com.', 'www.lucky.example.com'])).toEqual(['lucky.example.com', 'www.lucky.example.com']);
    await s.app.sites.changed('lucky');

    for (const host of ['lucky.example.com', 'www.lucky.example.com', 'LUCKY.example.com:8443']) {
      const root = await get('/', { host });
      expect(root.statusCode, host).toBe(302);
      expect(root.headers.location).toBe('/lucky/');
    }
    const page = await get('/lucky/main', { host: 'lucky.example.com' });
    expect(page.body).toContain('<link rel="manifest" href="/lucky/manifest.webmanifest" />');
    const manifest = JSON.parse((await get('/lucky/manifest.webmanifest', { host: 'lucky.example.com' })).body);
    expect(manifest).toMatchObject({ id: '/lucky/', scope: '/lucky/', start_url: '/lucky/' });
    // on lucky's host, demo's pages are not served; on any other host they are as before
    const other = await get('/demo/main', { host: 'lucky.example.com' });
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe('/lucky/');
    expect((await get('/demo/main', { host: 'pitboss.example.com' })).body).toContain('<title>Pitboss Demo</title>');
    expect((await get('/', { host: 'pitboss.example.com' })).statusCode).not.toBe(302);

    // a name another site holds is refused, and neither site's names change
    await expect(setSiteHosts(s.app.db, 'demo', ['demo.example.com', 'lucky.example.com'])).rejects.toMatchObject({ code: 'BR007' });
    const rows = await s.app.db.selectFrom('site_host').selectAll().orderBy('host').execute();
    expect(rows).toEqual([
      { host: 'lucky.example.com', site_id: 'lucky' },
      { host: 'www.lucky.example.com', site_id: 'lucky' },
    ]);
    // two sites claiming one name at the same moment: one has it, the other is told BR007
    const race = await Promise.allSettled([setSiteHosts(s.app.db, 'demo', ['both.example.com']), setSiteHosts(s.app.db, 'plain', ['both.example.com'])]);
    expect(race.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(race.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'BR007' } });
    await s.app.db.deleteFrom('site_host').where('host', '=', 'both.example.com').execute();
    // an emptied list gives the names up
    await setSiteHosts(s.app.db, 'lucky', []);
    await s.app.sites.changed('lucky');
    expect((await get('/', { host: 'lucky.example.com' })).statusCode).not.toBe(302);
  });

  it('keeps icons in memory until the site changes, on every instance through the live channel', async () => {
    const icon = () => get('/demo/icons/favicon.png').then((r) => r.rawPayload);
    const kept = await icon();
    const other = await pngOf('#ff0000', 48);
    await s.app.db.updateTable('site_icon').set({ png: other }).where('site_id', '=', 'demo').where('kind', '=', 'favicon').execute();
    expect((await icon()).equals(kept)).toBe(true);
    await s.app.sites.changed('demo');
    expect((await icon()).equals(other)).toBe(true);
    await s.app.db.updateTable('site_icon').set({ png: kept }).where('site_id', '=', 'demo').where('kind', '=', 'favicon').execute();
    await s.app.sites.changed('demo');
  });
});
