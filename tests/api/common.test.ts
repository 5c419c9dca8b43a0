import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { commonCalls } from '../../src/contract/common.js';
import { codeNames } from '../../src/contract/enums.js';
import { cashTypeCodes } from '../../src/contract/moneyKinds.js';

describe(`common calls and the envelope (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('looks a site up by prefix, publicly', async () => {
    const r = await s.call(commonCalls.site, { prefix: 'demo' });
    expect(r.resultCode).toBe('0');
    expect(r.data).toMatchObject({ siteId: 'demo', siteName: 'Pitboss Demo', cashDecimal: 1, languages: ['ko', 'en', 'vn'] });
  });

  it('answers an unknown prefix with S404', async () => {
    const r = await s.call(commonCalls.site, { prefix: 'nope' });
    expect(r.resultCode).toBe('S404');
  });

  it('refuses a wrong or missing site key with 401 and S401', async () => {
    const res = await s.raw('/api/etc/bank', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'wrong' },
      body: JSON.stringify({ siteId: s.siteId }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).resultCode).toBe('S401');
    const res2 = await s.raw('/api/etc/bank', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siteId: s.siteId }),
    });
    expect(res2.status).toBe(401);
  });

  it('answers an unknown site id with 404 and S404', async () => {
    const res = await s.raw('/api/etc/bank', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: s.apiKey },
      body: JSON.stringify({ siteId: 'ghost' }),
    });
    expect(res.status).toBe(404);
    expect((await res.json()).resultCode).toBe('S404');
  });

  it('answers malformed JSON with 400 and R400, never a stack', async () => {
    const res = await s.raw('/api/etc/bank', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: s.apiKey },
      body: '{"siteId": ',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text).resultCode).toBe('R400');
    expect(text).not.toMatch(/at .*\.ts/);
  });

  it('answers an oversize body with 413 and R413', async () => {
    const res = await s.raw('/api/etc/bank', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: s.apiKey },
      body: JSON.stringify({ siteId: s.siteId, pad: 'x'.repeat(300 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).resultCode).toBe('R413');
  });

  it('answers an unknown call with 404 and R404', async () => {
    const res = await s.raw('/api/nothing/here', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
    expect((await res.json()).resultCode).toBe('R404');
  });

  it('lists partner levels, banks, codes and site options from the db', async () => {
    const levels = await s.call(commonCalls.partnerLevels, {});
    expect(levels.data!.list.map((l: { code: string }) => l.code)).toEqual(['PTN_1', 'PTN_2', 'PTN_3', 'PTN_4', 'PTN_5', 'PTN_6', 'PTN_7', 'NORMAL']);
    const banks = await s.call(commonCalls.bank, {});
    expect(banks.data!.list.length).toBeGreaterThan(3);
    const codes = await s.call(commonCalls.code, { masterCode: 'kplay' });
    expect(codes.data!.data.codes.map((c: { code: string }) => c.code)).toContain('slot');
    const opt = await s.call(commonCalls.siteOption, {});
    expect(opt.data).toMatchObject({ cashDecimal: 1, sns1: 'Telegram' });
    const check = await s.call(commonCalls.siteCheckInfo, {});
    expect(check.data).toMatchObject({ inCheck: false });
  });

  const cashCodes = async () => (await s.call(commonCalls.code, { masterCode: 'cash' })).data!.data.codes;

  it('serves every cash type the contract lists, the coupon ones included, named in three languages', async () => {
    const codes = await cashCodes();
    expect(codes.map((c) => c.code)).toEqual(cashTypeCodes.map(String));
    for (const c of codes) {
      expect(c.codeName).toBe(codeNames.cashType[Number(c.code) as keyof typeof codeNames.cashType]);
      expect(c.codeNameEN && c.codeNameVN).toBeTruthy();
    }
  });

  it('a database seeded before the coupon cash types gets them from its migration, once', async () => {
    const coupons = ['-5', '5', '55', '-55'];
    const before = await cashCodes();
    await s.app.db.deleteFrom('common_code').where('master_code', '=', 'cash').where('code', 'in', coupons).execute();
    expect((await cashCodes()).map((c) => c.code)).not.toContain('55');
    const migration = await readFile(new URL('../../src/server/db/migrations/435_coupon_cash_codes.sql', import.meta.url), 'utf8');
    await sql.raw(migration).execute(s.app.db);
    await sql.raw(migration).execute(s.app.db);
    expect(await cashCodes()).toEqual(before);
  });
});
