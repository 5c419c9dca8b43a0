import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setIpBlock } from '../../src/server/domain/site/ipBlock.js';
import { startTestServer, testDb, testSealed, type TestServer } from './harness.js';

const DASHBOARD = [
  '/api/v2/main/topInfo',
  '/api/v2/main/statistics',
  '/api/v2/main/cashReport',
  '/api/v2/main/myCashReport',
  '/api/v2/main/weekTrend',
  '/api/v2/main/newPayLog',
  '/api/main/nt/list',
];

describe(`a page's early calls as one request (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  beforeAll(async () => {
    // no background accrual: the downline's sums must hold still between the batch and the call alone
    s = await startTestServer({ accrualMs: 0 });
  }, 600_000);
  afterAll(() => s?.close());

  /** The shell's request: the site key and session in headers, the site in the body, from an address. */
  const early = (o: { token?: string; ip?: string; page?: string; payload?: unknown } = {}) =>
    s.http.inject({
      method: 'POST',
      url: `/api/early/${o.page ?? 'partnerMain'}`,
      payload: (o.payload ?? { siteId: s.siteId }) as Record<string, unknown>,
      remoteAddress: o.ip ?? '127.0.0.1',
      headers: { authorization: s.apiKey, ...(o.token ? { 'x-auth-token': o.token } : {}) },
    });

  it("answers the dashboard's seven calls, each as the call itself answers", async () => {
    const ptn3 = await s.login('ptn3');
    const r = await early({ token: ptn3 });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const answers = r.json() as Record<string, { resultCode: string; data: unknown }>;
    expect(Object.keys(answers)).toEqual(DASHBOARD);
    for (const path of DASHBOARD) {
      // a sealed site takes no plain body: each call refuses alike, nothing readable leaves
      if (testSealed) expect(answers[path].resultCode, path).toBe('EN003');
      else expect(answers[path], path).toEqual(await s.post(path, {}, ptn3));
    }
  });

  it('decides access call by call as each alone: no session, a player, a wrong site key', async () => {
    const player = await s.login('user14');
    for (const token of [undefined, player]) {
      const answers = (await early({ token })).json() as Record<string, { resultCode: string; data: unknown }>;
      for (const path of DASHBOARD) {
        // on a sealed site the plain body is refused before anything else
        const alone = testSealed ? 'EN003' : (await s.post(path, {}, token)).resultCode;
        expect(answers[path].resultCode, `${path} ${token ? 'player' : 'no session'}`).toBe(alone);
      }
    }
    // a partner call refuses the player, the notices (anyone signed in) answer it
    const asPlayer = (await early({ token: player })).json() as Record<string, { resultCode: string }>;
    expect(asPlayer['/api/v2/main/topInfo'].resultCode).toBe(testSealed ? 'EN003' : 'A001');
    const wrongKey = await s.http.inject({
      method: 'POST',
      url: '/api/early/partnerMain',
      payload: { siteId: s.siteId },
      headers: { authorization: 'nope', 'x-auth-token': player },
    });
    for (const path of DASHBOARD) expect((wrongKey.json() as Record<string, { resultCode: string }>)[path].resultCode, path).toBe('S401');
  });

  it("runs each call from the caller's own address: a blocked address is refused there too", async () => {
    const ptn4 = await s.login('ptn4');
    const admin = await s.app.db.selectFrom('member').select('id').where('site_id', '=', s.siteId).where('mem_id', '=', 'admin').executeTakeFirstOrThrow();
    await setIpBlock(s.app, s.siteId, { id: admin.id, ip: '10.9.0.1' }, '10.77.0.0/16', 'Y');
    try {
      const answers = (await early({ token: ptn4, ip: '10.77.3.4' })).json() as Record<string, { resultCode: string }>;
      const codes = DASHBOARD.map((p) => answers[p].resultCode);
      // the first call to see the address ends the session; the others find it ended or blocked
      expect(codes, codes.join()).toContain(testSealed ? 'EN003' : 'U004');
      for (const c of codes) expect(testSealed ? ['EN003'] : ['U004', 'TK001', 'TK002']).toContain(c);
    } finally {
      await setIpBlock(s.app, s.siteId, { id: admin.id, ip: '10.9.0.1' }, '10.77.0.0/16', 'N');
    }
  });

  it('runs nothing for a page it does not know or a body that is not an object', async () => {
    const ptn3 = await s.login('ptn3');
    const unknown = await early({ token: ptn3, page: 'partnerList' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ resultCode: 'R404' });
    const list = await early({ token: ptn3, payload: [s.siteId] });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toMatchObject({ resultCode: 'R400' });
  });
});
