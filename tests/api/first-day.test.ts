import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCalls } from '../../src/contract/admin.js';
import { partnerCalls } from '../../src/contract/partner.js';
import { createMember } from '../../src/server/domain/auth/members.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { openedSite, platformOwner } from './platformKit.js';

describe(`first-day checklist (${testDb})`, () => {
  let s: TestServer;
  let b: Awaited<ReturnType<typeof openedSite>>;
  let op: string;
  const checklist = async () => {
    const r = await b.post(adminCalls.firstDay.path, {}, op);
    expect(r.resultCode).toBe('0');
    return { done: Object.fromEntries((r.data.items as { key: string; done: boolean }[]).map((i) => [i.key, i.done])), allDone: r.data.allDone as boolean };
  };

  beforeAll(async () => {
    s = await startTestServer();
    b = await openedSite(s, await platformOwner(s), 'fresh');
    op = b.login!.token;
  }, 120_000);
  afterAll(() => s?.close());

  it("answers a new site's state from its data, and each item flips when it is done", async () => {
    // the platform opened it with a deposit account and two vendors, and no logo
    expect(await checklist()).toEqual({
      done: { depositAccount: true, vendors: true, brand: false, firstPartner: false, firstPlayer: false, twoFactor: false },
      allDone: false,
    });

    const partner = await b.post(
      partnerCalls.createPartner.path,
      {
        memId: 'head1',
        memPass: 'demo1234!',
        memNick: 'head1_nick',
        memPhone: '010-4000-0001',
        bank: 'KB',
        bankAcc: '40000001',
        memName: '본사일',
        cashOutPass: '1234',
      },
      op,
    );
    expect(partner.data).toMatchObject({ memId: 'head1', partnerLevel: 'PTN_1', status: 1 });
    expect((await checklist()).done.firstPartner).toBe(true);

    const db = s.app.db;
    const head = await db.selectFrom('member').select('id').where('site_id', '=', b.siteId).where('mem_id', '=', 'head1').executeTakeFirstOrThrow();
    await createMember(db, { siteId: b.siteId, memId: 'player1', password: 'demo1234!', memNick: 'player1_nick', partnerLevel: 'NORMAL', loginType: 'NORMAL', parentId: head.id });
    expect((await checklist()).done.firstPlayer).toBe(true);

    // what the platform's brand upload writes: the brand, then its logo
    await db
      .insertInto('site_brand')
      .values({ site_id: b.siteId, short_name: 'Fresh', theme_color: '#123456', version: '1' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await db
      .insertInto('site_icon')
      .values({ site_id: b.siteId, kind: 'logo', png: Buffer.from('x') })
      .execute();
    const operator = await db.selectFrom('member').select('id').where('site_id', '=', b.siteId).where('mem_id', '=', b.operator.memId).executeTakeFirstOrThrow();
    // enrolment begun but not confirmed is not two-factor on
    await db.insertInto('member_totp').values({ member_id: operator.id, site_id: b.siteId, secret: null, pending_secret: 'X', enabled_at: null }).execute();
    expect((await checklist()).done).toMatchObject({ brand: true, twoFactor: false });
    await db.updateTable('member_totp').set({ secret: 'X', pending_secret: null, enabled_at: new Date() }).where('member_id', '=', operator.id).execute();
    expect(await checklist()).toMatchObject({ allDone: true });

    await db.updateTable('vendor').set({ status: 'OFF' }).where('site_id', '=', b.siteId).execute();
    expect(await checklist()).toMatchObject({ allDone: false, done: { vendors: false } });
  });

  it('is the operator’s only', async () => {
    expect((await s.call(adminCalls.firstDay, {}, await s.login('ptn1'))).resultCode).toBe('A001');
    expect((await s.call(adminCalls.firstDay, {}, await s.login('user1'))).resultCode).toBe('A001');
  });
});
