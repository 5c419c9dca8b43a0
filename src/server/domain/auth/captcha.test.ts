import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../db/driver.js';
import { migrate } from '../../db/migrate.js';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { captchaImage, consumeCaptcha, hashAnswer, HEIGHT, issueCaptcha, randomAnswer, renderCaptchaPng, WIDTH } from './captcha.js';

describe('captcha answer and picture', () => {
  it('answers four digits, each 1 to 5', () => {
    for (let i = 0; i < 200; i++) expect(randomAnswer()).toMatch(/^[1-5]{4}$/);
  });

  it('hashes per captcha id', () => {
    expect(hashAnswer('a', '1234')).toBe(hashAnswer('a', '1234'));
    expect(hashAnswer('a', '1234')).not.toBe(hashAnswer('b', '1234'));
    expect(hashAnswer('a', '1234')).not.toContain('1234');
  });

  const pixels = async (png: Buffer) => {
    const img = await loadImage(png);
    const c = createCanvas(img.width, img.height);
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    return { width: img.width, height: img.height, data: g.getImageData(0, 0, img.width, img.height).data };
  };

  it('is a PNG raster of the right size: no vector paths or text to read the digits from', () => {
    const png = renderCaptchaPng('1532');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(WIDTH);
    expect(png.readUInt32BE(20)).toBe(HEIGHT);
    const text = png.toString('latin1');
    expect(text).not.toMatch(/<svg|<path|1532/);
    expect(captchaImage('1532')).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  });

  it('draws every digit: dark strokes in each quarter of the width, over a light ground', async () => {
    const { width, height, data } = await pixels(renderCaptchaPng('4444'));
    const dark = [0, 0, 0, 0];
    let light = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        const v = (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
        if (v < 120) dark[Math.min(3, Math.floor(((x - 10) / (width - 20)) * 4))]! += 1;
        if (v > 200) light++;
      }
    }
    for (const n of dark) expect(n).toBeGreaterThan(25);
    expect(light / (width * height)).toBeGreaterThan(0.5);
  });

  it('varies the drawing between issues of the same answer', async () => {
    const a = await pixels(renderCaptchaPng('1111'));
    const b = await pixels(renderCaptchaPng('1111'));
    let differ = 0;
    for (let i = 0; i < a.data.length; i += 4) if (Math.abs(a.data[i]! - b.data[i]!) > 60) differ++;
    expect(differ).toBeGreaterThan(200);
    let seed = 1;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const first = renderCaptchaPng('2345', rnd);
    seed = 1;
    expect(renderCaptchaPng('2345', rnd).equals(first)).toBe(true);
  });
});

describe('captcha storage', () => {
  let h: DbHandle;
  const now = new Date('2025-03-01T00:00:00Z');
  const later = (min: number) => new Date(now.getTime() + min * 60_000);
  beforeAll(async () => {
    h = await openDb({ dataDir: 'memory://' });
    await migrate(h);
    await h.db.insertInto('site').values({ id: 's1', prefix: 's1', name: 'S1', api_key: 'k1', options: '{}' }).execute();
    await h.db.insertInto('site').values({ id: 's2', prefix: 's2', name: 'S2', api_key: 'k2', options: '{}' }).execute();
  }, 60_000);
  afterAll(() => h?.close());

  it('accepts the right answer once', async () => {
    const c = await issueCaptcha(h.db, 's1', now, '1234');
    expect(c.captchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await consumeCaptcha(h.db, 's1', c.captchaId, '1234', later(1))).toBe(true);
    expect(await consumeCaptcha(h.db, 's1', c.captchaId, '1234', later(1))).toBe(false);
  });

  it('is used up by a wrong guess', async () => {
    const c = await issueCaptcha(h.db, 's1', now, '1234');
    expect(await consumeCaptcha(h.db, 's1', c.captchaId, '4321', now)).toBe(false);
    expect(await consumeCaptcha(h.db, 's1', c.captchaId, '1234', now)).toBe(false);
  });

  it('expires after 5 minutes and belongs to its site', async () => {
    const c = await issueCaptcha(h.db, 's1', now, '1234');
    expect(await consumeCaptcha(h.db, 's1', c.captchaId, '1234', later(5))).toBe(false);
    const d = await issueCaptcha(h.db, 's1', now, '1234');
    expect(await consumeCaptcha(h.db, 's2', d.captchaId, '1234', now)).toBe(false);
    expect(await consumeCaptcha(h.db, 's1', undefined, '1234', now)).toBe(false);
    expect(await consumeCaptcha(h.db, 's1', 'not-a-captcha', '1234', now)).toBe(false);
  });

  it('sweeps expired captchas when issuing', async () => {
    await issueCaptcha(h.db, 's1', now, '1234');
    await issueCaptcha(h.db, 's1', later(10), '1234');
    const left = await h.db.selectFrom('captcha').select('expires_at').execute();
    expect(left.every((r) => new Date(r.expires_at).getTime() > later(10).getTime())).toBe(true);
  });
});
