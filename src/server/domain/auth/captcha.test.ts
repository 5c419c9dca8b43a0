import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../db/driver.js';
import { migrate } from '../../db/migrate.js';
import { consumeCaptcha, hashAnswer, issueCaptcha, randomAnswer, renderCaptchaSvg } from './captcha.js';

describe('captcha answer and picture', () => {
  it('answers four digits, each 1 to 5', () => {
    for (let i = 0; i < 200; i++) expect(randomAnswer()).toMatch(/^[1-5]{4}$/);
  });

  it('hashes per captcha id', () => {
    expect(hashAnswer('a', '1234')).toBe(hashAnswer('a', '1234'));
    expect(hashAnswer('a', '1234')).not.toBe(hashAnswer('b', '1234'));
    expect(hashAnswer('a', '1234')).not.toContain('1234');
  });

  it('draws one path per digit, no text and no lines', () => {
    const svg = renderCaptchaSvg('1532');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg.match(/<path /g)).toHaveLength(4);
    expect(svg).not.toMatch(/<text|<line|<polyline/);
    expect(svg).not.toContain('1532');
  });

  it('varies the drawing between issues of the same answer', () => {
    expect(renderCaptchaSvg('1111')).not.toBe(renderCaptchaSvg('1111'));
    let seed = 1;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const a = renderCaptchaSvg('2345', rnd);
    seed = 1;
    expect(renderCaptchaSvg('2345', rnd)).toBe(a);
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
