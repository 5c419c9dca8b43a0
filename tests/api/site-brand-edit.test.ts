import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformOpsCalls } from '../../src/contract/platformOps.js';
import { platformSiteCalls as ps } from '../../src/contract/platformSites.js';
import { brandProperties, brandShades, contrast } from '../../src/contract/brandColour.js';
import { DEMO_MARK } from '../../src/server/http/static.js';
import { platformOwner, postJson, siteForm } from './platformKit.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { commonCalls } from '../../src/contract/common.js';

/** A stand-in build: the shell as `vite build` writes it from index.html. */
function fakeBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'pitboss-brand-edit-'));
  writeFileSync(join(dir, 'index.html'), readFileSync('index.html', 'utf8').replace(/<script type="module"[^>]*><\/script>/, ''));
  cpSync('public/icons', join(dir, 'icons'), { recursive: true });
  return dir;
}

async function png(color: string, side = 64) {
  const c = createCanvas(side, side);
  const ctx = c.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, side, side);
  return (await c.encode('png')).toString('base64');
}

describe(`changing a site's brand after opening, its language and the landing page (${testDb})`, () => {
  let s: TestServer;
  let owner: string;
  const dist = fakeBuild();
  const get = (url: string) => s.http.inject({ method: 'GET', url });
  const manifest = async (prefix: string) => JSON.parse((await get(`/${prefix}/manifest.webmanifest`)).body);
  const brandRow = () => s.app.db.selectFrom('site_brand').selectAll().where('site_id', '=', 'lucky').executeTakeFirst();
  const audits = async () =>
    (await s.app.db.selectFrom('platform_audit').select(['action', 'detail']).where('action', '=', 'site.brand').orderBy('seq').execute()).map((r) => r.detail);

  beforeAll(async () => {
    s = await startTestServer({ staticDir: dist });
    owner = await platformOwner(s);
    // an English site first: its default language leads its list
    expect((await postJson(s, ps.openSite.path, siteForm({ languages: ['ko', 'en'], defaultLanguage: 'en' }), { token: owner })).resultCode).toBe('0');
  }, 600_000);
  afterAll(async () => {
    await s?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("speaks the site's default language in its manifest and its pages' <html lang>, vn as BCP-47 vi", async () => {
    expect((await manifest('lucky')).lang).toBe('en');
    expect((await get('/lucky/login')).body).toMatch(/<html lang="en" data-site-brand="lucky"[ >]/);
    expect((await manifest('demo')).lang).toBe('ko');
    expect((await postJson(s, ps.openSite.path, siteForm({ prefix: 'viet', name: 'Viet', languages: ['vn'], defaultLanguage: 'vn' }), { token: owner })).resultCode).toBe('0');
    expect((await manifest('viet')).lang).toBe('vi');
    expect((await get('/viet/admin/login')).body).toMatch(/<html lang="vi" data-site-brand="viet"[ >]/);
    // outside every site the shell stays the app's own
    expect((await get('/platform')).body).toMatch(/<html lang="ko">/);
  });

  it('changes the brand and logo after opening: the icons are made again under new versioned names the manifest and pages carry, audited', async () => {
    const edit = { prefix: 'lucky', name: 'Lucky Casino', shortName: 'Lucky', themeColor: '#1a7f37' };
    expect((await postJson(s, ps.brand.path, { ...edit, logo: await png('#e0452b') }, { token: owner })).resultCode).toBe('0');
    const first = await manifest('lucky');
    expect(first).toMatchObject({ name: 'Lucky Casino', short_name: 'Lucky', theme_color: '#1a7f37', lang: 'en' });
    const firstIcons = (first.icons as { src: string }[]).map((i) => i.src);
    expect(firstIcons.every((src) => /^\/lucky\/icons\/[a-z0-9-]+\.[A-Za-z0-9_-]{12}\.png$/.test(src))).toBe(true);

    // the site's pages learn the colour from the site lookup (and the shell it is embedded in)
    const site = await postJson<{ siteName: string; brand?: { shortName: string; themeColor: string } }>(s, commonCalls.site.path, { prefix: 'lucky' });
    expect(site.data).toMatchObject({ siteName: 'Lucky Casino', brand: { shortName: 'Lucky', themeColor: '#1a7f37' } });
    // the console's page of the site shows its brand
    const detail = await postJson(s, platformOpsCalls.site.path, { prefix: 'lucky' }, { token: owner });
    expect(detail.data).toMatchObject({ name: 'Lucky Casino', brand: { shortName: 'Lucky', themeColor: '#1a7f37' }, languages: ['en', 'ko'] });

    // a new logo and colour and name: every icon's versioned name changes, so an installed app takes them
    expect(
      (await postJson(s, ps.brand.path, { ...edit, name: 'Lucky Seven', shortName: 'Lucky 7', themeColor: '#0b5cad', logo: await png('#f5c542', 128) }, { token: owner }))
        .resultCode,
    ).toBe('0');
    const second = await manifest('lucky');
    expect(second).toMatchObject({ name: 'Lucky Seven', short_name: 'Lucky 7', theme_color: '#0b5cad' });
    const secondIcons = (second.icons as { src: string }[]).map((i) => i.src);
    for (const [i, src] of secondIcons.entries()) expect(src).not.toBe(firstIcons[i]);
    const page = (await get('/lucky/main')).body;
    expect(page).toContain('<title>Lucky Seven</title>');
    expect(page).toContain('<meta name="theme-color" content="#0b5cad" />');
    // the page it sends wears the colour from its first paint, as the app sets it once it knows the site
    const colours = Object.entries(brandProperties('#0b5cad'))
      .map(([p, v]) => `${p}:${v}`)
      .join(';');
    expect(page).toMatch(new RegExp(`<html [^>]*data-site-brand="lucky" style="${colours}">`));
    expect(page).toContain(`href="${secondIcons[0]!.replace('icon-192', 'favicon')}"`);
    // the new versioned icon is kept for a year; the old name is only revalidated now
    expect((await get(secondIcons[0]!)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(firstIcons[0]!)).headers['cache-control']).toBe('no-cache');

    // the colour alone: the logo is kept, its icons repainted
    expect((await postJson(s, ps.brand.path, { ...edit, name: 'Lucky Seven', shortName: 'Lucky 7', themeColor: '#6b21a8' }, { token: owner })).resultCode).toBe('0');
    expect((await manifest('lucky')).theme_color).toBe('#6b21a8');
    expect((await audits()).slice(-3)).toEqual([
      { prefix: 'lucky', name: 'Lucky Casino', logo: true },
      { prefix: 'lucky', name: 'Lucky Seven', logo: true },
      { prefix: 'lucky', name: 'Lucky Seven', logo: false },
    ]);
  });

  it('refuses a caller without a console session, a bad colour, a bad or oversized logo, a bad name: each its code, nothing changes', async () => {
    const kept = await brandRow();
    const keptName = (await s.app.db.selectFrom('site').select('name').where('id', '=', 'lucky').executeTakeFirstOrThrow()).name;
    const auditCount = (await audits()).length;
    const edit = { prefix: 'lucky', name: 'Other', shortName: 'Other', themeColor: '#123456' };
    const big = Buffer.concat([Buffer.from(await png('#000000'), 'base64'), Buffer.alloc(1024 * 1024)]).toString('base64');
    for (const [code, body, token] of [
      ['TK001', edit, undefined],
      ['TK002', edit, 'not-a-session'],
      ['BR005', { ...edit, themeColor: 'green' }, owner],
      ['BR005', { ...edit, themeColor: '#12345g' }, owner],
      ['BR001', { ...edit, logo: Buffer.from('GIF89a').toString('base64') }, owner],
      ['BR001', { ...edit, logo: '!!not base64!!' }, owner],
      ['BR002', { ...edit, logo: big }, owner],
      ['BR003', { ...edit, logo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>').toString('base64') }, owner],
      ['BR004', { ...edit, name: '<b>x</b>' }, owner],
      ['BR004', { ...edit, shortName: 'much too long a name' }, owner],
      ['S404', { ...edit, prefix: 'nosuch' }, owner],
    ] as const)
      expect((await postJson(s, ps.brand.path, body, { token })).resultCode, `${code} ${JSON.stringify(body).slice(0, 60)}`).toBe(code);
    expect(await brandRow()).toEqual(kept);
    expect((await s.app.db.selectFrom('site').select('name').where('id', '=', 'lucky').executeTakeFirstOrThrow()).name).toBe(keptName);
    expect((await audits()).length).toBe(auditCount);
  });

  it('links the landing page to the demo only while the demo site is there and open', async () => {
    expect((await get('/')).body).toContain(DEMO_MARK);
    await s.app.db.updateTable('site').set({ state: 'suspended' }).where('id', '=', 'demo').execute();
    await s.app.sites.changed('demo');
    const root = (await get('/')).body;
    expect(root).not.toContain(DEMO_MARK);
    expect(root).not.toContain('/demo');
    await s.app.db.updateTable('site').set({ state: 'open' }).where('id', '=', 'demo').execute();
    await s.app.sites.changed('demo');
  });
});

describe('the theme colour as the pages wear it', () => {
  it('keeps AA contrast for text on the page and on the button, light and dark, whatever the colour', () => {
    for (const color of ['#ffffff', '#000000', '#f5c542', '#1a7f37', '#c9302c', '#0f1115', '#7fdbff', '#808080']) {
      const { light, dark } = brandShades(color);
      for (const page of ['#ffffff', '#f4f5f8']) expect(contrast(light.brand, page), `${color} light on ${page}`).toBeGreaterThanOrEqual(4.5);
      for (const page of ['#181b22', '#0f1115']) expect(contrast(dark.brand, page), `${color} dark on ${page}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light.brand, light.ink), `${color} light ink`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark.brand, dark.ink), `${color} dark ink`).toBeGreaterThanOrEqual(4.5);
    }
    // a colour that already reads is kept as it is
    expect(brandShades('#1a7f37').light.brand).toBe('#1a7f37');
  });
});
