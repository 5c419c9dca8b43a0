import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankSafeOffset, startTestServer, testDb, type TestServer } from './harness.js';
import { adminCalls, adminSecurityCalls } from '../../src/contract/admin.js';
import { partnerCalls } from '../../src/contract/partner.js';
import { adminSiteCalls } from '../../src/contract/site.js';

describe(`audit log (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  let admin = '';
  beforeAll(async () => {
    s = await startTestServer({ clockOffsetMs: bankSafeOffset() });
    admin = await s.login('admin');
  }, 600_000);
  afterAll(() => s?.close());

  const rows = async (action: string) => (await s.call(adminSecurityCalls.auditList, { page: 1, count_per_list: 50, action }, admin)).data!.list as any[];

  it("records a partner's downline unlock, which also clears the withdrawal lock, with before and after", async () => {
    const until = new Date(s.now() + 20 * 60_000);
    await s.app.db
      .updateTable('member')
      .set({ locked_until: until, out_locked_until: until, failed_logins: 9 })
      .where('site_id', '=', s.siteId)
      .where('mem_id', '=', 'user6')
      .execute();
    const ptn6 = await s.login('ptn6');
    expect((await s.call(partnerCalls.detailUnlock, { memId: 'user6' }, ptn6)).resultCode).toBe('0');
    const [row] = await rows('/detail/unlock');
    expect(row).toMatchObject({ actorId: 'ptn6', action: partnerCalls.detailUnlock.path, target: 'memId=user6' });
    expect(row.before).toMatchObject({ memId: 'user6', failedLogins: 9, lockedUntil: expect.any(String), outLockedUntil: expect.any(String) });
    expect(row.after).toMatchObject({ memId: 'user6', failedLogins: 0, lockedUntil: null, outLockedUntil: null });
  });

  it('records a partner turning a downline login off, with before and after', async () => {
    const ptn6 = await s.login('ptn6');
    expect((await s.call(partnerCalls.detailInfoSave, { memId: 'user7', loginYn: 'N' }, ptn6)).resultCode).toBe('0');
    const [row] = await rows('/detail/info/save');
    expect(row).toMatchObject({ actorId: 'ptn6', target: 'memId=user7', before: { loginYn: 'Y' }, after: { loginYn: 'N' } });
  });

  it('records refused operator calls (who, call, code), from the operator and from others', async () => {
    expect((await s.call(adminCalls.grant, { memId: 'user8', cashAmt: '12x', mode: 2, requestId: 'audit-bad-1' }, admin)).resultCode).toBe('V001');
    const [bad] = await rows('/cash/grant');
    expect(bad).toMatchObject({ actorId: 'admin', after: { refused: 'V001' } });
    const ptn1 = await s.login('ptn1');
    expect((await s.call(adminSiteCalls.lockBet, { lockBetYn: 'Y' }, ptn1)).resultCode).toBe('A001');
    const [denied] = await rows('/site/lockBet');
    expect(denied).toMatchObject({ actorId: 'ptn1', after: { refused: 'A001' } });
  });

  it("folds a player's flood of refused operator calls into one row per minute with a count, keeping the body's size and never the body", async () => {
    const player = await s.login('user9');
    const huge = 'x'.repeat(150_000);
    const count = async () => (await s.call(adminSecurityCalls.auditList, { page: 1 }, admin)).data!.pageInfo.tatal_list_count;
    const before = await count();
    for (let i = 0; i < 30; i++) expect((await s.post(adminSiteCalls.lockBet.path, { lockBetYn: 'Y', note: huge, i }, player)).resultCode).toBe('A001');
    expect(await count()).toBe(before + 1);
    const [row] = (await s.call(adminSecurityCalls.auditList, { page: 1, count_per_list: 5, actorId: 'user9' }, admin)).data!.list as any[];
    expect(row).toMatchObject({ actorId: 'user9', action: adminSiteCalls.lockBet.path, after: { refused: 'A001', count: 30 } });
    expect(row.after.bodyBytes).toBeGreaterThan(150_000);
    expect(JSON.stringify(row).length).toBeLessThan(1_000);
    const stored = await s.app.db.selectFrom('audit_log').select(['before', 'after', 'target']).where('actor', '=', 'user9').execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain('xxxx');
  });

  it('does not record dashboard reads as actions', async () => {
    const count = async () => (await s.call(adminSecurityCalls.auditList, { page: 1 }, admin)).data!.pageInfo.tatal_list_count;
    const before = await count();
    expect((await s.call(adminCalls.dashboard, {}, admin)).resultCode).toBe('0');
    expect((await s.call(adminSiteCalls.siteState, {}, admin)).resultCode).toBe('0');
    expect(await count()).toBe(before);
  });

  it('keeps before and after for the cash switch and for grants', async () => {
    expect((await s.call(adminSiteCalls.cashSwitch, { inAmtYn: 'N' }, admin)).resultCode).toBe('0');
    const [sw] = await rows('/site/cashSwitch');
    expect(sw).toMatchObject({ before: { inAmtYn: 'Y', outAmtYn: 'Y' }, after: { inAmtYn: 'N', outAmtYn: 'Y' } });
    await s.call(adminSiteCalls.cashSwitch, { inAmtYn: 'Y' }, admin);

    const cashOf = async () =>
      Number((await s.app.db.selectFrom('member').select('cash_amt').where('site_id', '=', s.siteId).where('mem_id', '=', 'user9').executeTakeFirstOrThrow()).cash_amt);
    const start = await cashOf();
    expect((await s.call(adminCalls.grant, { memId: 'user9', cashAmt: 7_000, mode: 2, requestId: 'audit-grant-ba' }, admin)).resultCode).toBe('0');
    const [grant] = await rows('/cash/grant');
    expect(grant).toMatchObject({ target: 'memId=user9', before: { cash: start }, after: { memId: 'user9', cashAmt: 7_000, mode: 2, cash: start + 7_000 } });
  });
});
