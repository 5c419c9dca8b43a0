import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { siteCalls } from '../../src/contract/site.js';
import { boardCalls } from '../../src/contract/board.js';

/** The demo site's banners, popups and notice images are shipped with the app, so they show offline. */
describe(`demo content is local (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  const local = (url: string) => {
    expect(url).toMatch(/^\/media\/[\w-]+\.svg$/);
    expect(existsSync(`public${url}`), url).toBe(true);
  };

  it('points every seeded image at an SVG in public/, which the service worker precaches', async () => {
    const token = await s.login('user1');
    const banners = (await s.call(siteCalls.banner, {}, token)).data!.list;
    const popups = (await s.call(siteCalls.popupList, {}, token)).data!.list;
    const images = [...banners, ...popups].map((b: { imageUrl: string | null }) => b.imageUrl).filter(Boolean) as string[];
    expect(images.length).toBeGreaterThanOrEqual(2);
    images.forEach(local);
    // raw: these bodies name boardType as the spec's do, a field the contract does not list
    const notices = (await s.loose(token)(boardCalls.list.nt, { page: 1, boardType: 'nt' })).data.list as { boardIdx: number }[];
    const html: string[] = [];
    for (const n of notices) html.push((await s.loose(token)(boardCalls.datail.nt, { boardIdx: n.boardIdx, boardType: 'nt' })).data.board.content);
    const srcs = html.flatMap((h) => [...h.matchAll(/<img[^>]*src="([^"]+)"/g)].map((m) => m[1]));
    expect(srcs.length).toBeGreaterThan(0);
    srcs.forEach(local);
    expect(html.join('')).not.toMatch(/https?:\/\/[^"]*\.(png|jpe?g|svg|webp)|picsum/);
    expect(readFileSync('vite.config.ts', 'utf8')).toMatch(/globPatterns: \[[^\]]*svg/);
  });
});
