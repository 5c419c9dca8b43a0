/**
 * Two sites on one deployment, the second opened through the platform console: every call of site
 * A replayed with site B's ids, key and tokens (and the other way round) is refused at the door,
 * B's operator reaches nothing of A by A's ids, and neither site's money, captchas or audit chain
 * moves for the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../src/server/http/routes.js';
import { checkLedger } from '../../src/server/domain/money/ledgerCheck.js';
import { verifyAuditChain } from '../../src/server/domain/site/auditChain.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { rid } from './moneyKit.js';
import { openedSite, platformOwner, postJson } from './platformKit.js';

const siteCalls = allRoutes.map((r) => r.call).filter((c) => !c.path.startsWith('/api/platform/') && !c.path.startsWith('/api/vendor/'));
const withSession = siteCalls.filter((c) => c.access !== 'public' && c.access !== 'site');

describe(`site isolation (${testDb})`, () => {
  let s: TestServer;
  let b: Awaited<ReturnType<typeof openedSite>>;
  let tokensA: Record<string, string>;
  let bOperator: string;
  // every account holding anything (B's house and hold accounts are made, empty, on its first money call)
  const balances = async () =>
    (await s.app.db.selectFrom('member').select(['site_id', 'mem_id', 'cash_amt', 'point_amt']).orderBy('id').execute())
      .filter((m) => Number(m.cash_amt) !== 0 || Number(m.point_amt) !== 0)
      .map((m) => `${m.site_id}/${m.mem_id}:${m.cash_amt}/${m.point_amt}`);
  let before: string[];

  beforeAll(async () => {
    s = await startTestServer();
    const owner = await platformOwner(s);
    b = await openedSite(s, owner, 'bsite');
    expect(b.loginCode).toBe('0');
    bOperator = b.login!.token;
    tokensA = { player: await s.login('user1'), partner: await s.login('ptn1'), operator: await s.login('admin') };
    before = await balances();
  }, 600_000);
  afterAll(() => s?.close());

  it("refuses every site A session on site B, A's key for B's id and B's key for A's id", async () => {
    const leaks: string[] = [];
    for (const c of withSession) {
      for (const [role, token] of Object.entries(tokensA)) {
        const r = await b.post(c.path, {}, token);
        if (r.resultCode === '0' || r.resultCode.startsWith('S5')) leaks.push(`${c.path} A ${role} on B: ${r.resultCode}`);
      }
      const aKeyOnB = await postJson(s, c.path, { siteId: b.siteId }, { token: bOperator, siteKey: s.apiKey });
      if (aKeyOnB.resultCode !== 'S401') leaks.push(`${c.path} A's key for B: ${aKeyOnB.resultCode}`);
      const bKeyOnA = await postJson(s, c.path, { siteId: s.siteId }, { token: bOperator, siteKey: b.apiKey });
      if (bKeyOnA.resultCode !== 'S401') leaks.push(`${c.path} B's key for A: ${bKeyOnA.resultCode}`);
      const bOnA = await s.post(c.path, {}, bOperator);
      if (bOnA.resultCode === '0' || bOnA.resultCode.startsWith('S5')) leaks.push(`${c.path} B's operator on A: ${bOnA.resultCode}`);
    }
    expect(leaks).toEqual([]);
    expect(withSession.length).toBeGreaterThan(100);
  }, 600_000);

  it("answers site B's guest calls as a guest's when they carry a site A session", async () => {
    const leaks: string[] = [];
    for (const c of siteCalls.filter((x) => x.access === 'site')) {
      const r = await b.post(c.path, {}, tokensA.player);
      if (JSON.stringify(r.data ?? null).includes('user1')) leaks.push(`${c.path}: ${JSON.stringify(r.data).slice(0, 120)}`);
    }
    expect(leaks).toEqual([]);
  }, 300_000);

  it("gives B's operator nothing of A by A's ids: members, requests, grants", async () => {
    const deposit = await s.post('/api/cash/in', { cashAmt: 10_000, requestId: rid() }, tokensA.player);
    expect(deposit.resultCode).toBe('0');
    const cashIdx = deposit.data.cashIdx;
    const tries: [string, Record<string, unknown>][] = [
      ['/api/admin/cash/process', { cashIdx, cashStatus: 2, requestId: rid() }],
      ['/api/admin/cash/grant', { memId: 'user1', cashAmt: 5_000, mode: 2, requestId: rid() }],
      ['/api/admin/cash/grant', { memId: 'user1', cashAmt: 5_000, mode: -2, requestId: rid() }],
      ['/api/admin/member/state', { memId: 'user1' }],
      ['/api/admin/member/unlock', { memId: 'user1' }],
    ];
    for (const [path, body] of tries) {
      const r = await b.post(path, body, bOperator);
      expect(r.resultCode, path).not.toBe('0');
      expect(JSON.stringify(r.data ?? null), path).not.toContain('user1');
    }
    const list = await b.post('/api/admin/cash/list', { page: 1 }, bOperator);
    expect(list.resultCode).toBe('0');
    expect(JSON.stringify(list.data)).not.toContain('user1');
    // A's request still waits, untouched
    const row = await s.app.db.selectFrom('cash_request').select(['status', 'site_id']).where('id', '=', cashIdx).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 0, site_id: s.siteId });
    await s.post('/api/cash/del', { cashIdx, requestId: rid() }, tokensA.player);
  });

  it('keeps captchas per site: one issued on A does not open a login on B', async () => {
    const captcha = await s.post<{ captchaId: string }>('/api/member/captcha', {});
    const r = await b.post('/api/member/login', { memId: b.operator.memId, memPass: b.operator.password, loginPage: 'admin', captchaId: captcha.data!.captchaId, captcha: '1234' });
    expect(['L002', 'L005']).toContain(r.resultCode);
  });

  it('moved no money and kept both audit chains whole and apart', async () => {
    expect(await balances()).toEqual(before);
    for (const site of [s.siteId, b.siteId]) {
      expect((await checkLedger(s.app.db, site)).ok, site).toBe(true);
      expect((await verifyAuditChain(s.app.db, site)).ok, site).toBe(true);
    }
    const bRows = await s.app.db.selectFrom('audit_log').select(['site_id', 'actor']).where('actor', '=', b.operator.memId).execute();
    expect(bRows.length).toBeGreaterThan(0);
    expect(new Set(bRows.map((r) => r.site_id))).toEqual(new Set([b.siteId]));
  });
});
