import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setSiteBrand } from '../../src/server/domain/site/brand.js';
import { startTestServer, testDb, type TestServer } from './harness.js';

/** The logo that once held the server for 141.7 s: 60 nested blur filters in 2.6 kB. */
function nestedBlurs(n = 60) {
  let inner = '<rect width="100" height="100" fill="red"/>';
  let defs = '';
  for (let i = 0; i < n; i++) {
    defs += `<filter id="f${i}"><feGaussianBlur stdDeviation="5"/></filter>`;
    inner = `<g filter="url(#f${i})">${inner}</g>`;
  }
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs>${defs}</defs>${inner}</svg>`);
}

/** Plain shapes the check lets through, but far too many big dashed strokes to draw within the budget. */
function slowCircles(n = 1500) {
  let body = '';
  for (let i = 0; i < n; i++)
    body += `<circle cx="${(i * 37) % 4096}" cy="${(i * 91) % 4096}" r="${1000 + (i % 900)}" fill="none" stroke="#${((i * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}" stroke-width="40" stroke-dasharray="3 5" opacity="0.5"/>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="4096" height="4096" viewBox="0 0 4096 4096">${body}</svg>`);
}

const svg = (body: string, attrs = 'width="10" height="10"') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`);
const brand = (s: TestServer, logo: Buffer) => setSiteBrand(s.app.db, s.siteId, { name: 'Sandboxed', shortName: 'Sandbox', themeColor: '#123456', logo });
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'drawn',
    (e: { code?: string }) => e.code ?? String(e),
  );

describe(`logos drawn in a worker thread (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  }, 600_000);
  afterAll(async () => {
    await s?.close();
  });

  it('refuses the 60 nested blurs, and every costly SVG, before drawing', async () => {
    expect(await codeOf(brand(s, nestedBlurs()))).toBe('BR010');
    expect(await codeOf(brand(s, svg('<rect width="5" height="5" style="fill:red; filter: blur(4px)"/>')))).toBe('BR010');
    expect(await codeOf(brand(s, svg('<style>rect { filter: url(#a) }</style><rect width="5" height="5"/>')))).toBe('BR010');
    expect(await codeOf(brand(s, svg('<rect width="5" height="5"/>', 'width="100000" height="10"')))).toBe('BR010');
    expect(await codeOf(brand(s, svg('<rect width="5" height="5"/>', 'width="50in" height="10"')))).toBe('BR010');
    expect(await codeOf(brand(s, svg(`${'<g>'.repeat(40)}<rect width="5" height="5"/>${'</g>'.repeat(40)}`)))).toBe('BR010');
    expect(await codeOf(brand(s, svg(Array.from({ length: 20 }, () => '<use href="#a"/>').join(''))))).toBe('BR010');
    expect(await codeOf(brand(s, svg('<image href="https://example.com/a.png" width="5" height="5"/>')))).toBe('BR003');
    // not well-formed: refused as not an image
    expect(await codeOf(brand(s, svg('<g><rect width="5" height="5"></g>')))).toBe('BR001');
    // a plain one still makes its icons
    expect(await codeOf(brand(s, svg('<g><rect width="5" height="5" fill="#f00"/></g>')))).toBe('drawn');
  });

  it('answers a site lookup while a slow logo draws, and ends the drawing past its budget', async () => {
    // a budget the circles overrun on a fast machine too (the default is 5 s of the worker's processor time)
    vi.stubEnv('PITBOSS_LOGO_BUDGET_MS', '2000');
    const logo = codeOf(brand(s, slowCircles()));
    let logoDone = false;
    void logo.then(() => (logoDone = true));
    const res = await s.raw('/api/common/site', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prefix: 'demo' }) });
    expect(((await res.json()) as { resultCode: string }).resultCode).toBe('0');
    expect(logoDone).toBe(false);
    expect(await logo).toBe('BR010');
    vi.unstubAllEnvs();
  }, 120_000);
});
