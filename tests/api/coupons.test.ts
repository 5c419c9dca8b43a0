import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponCalls } from '../../src/contract/coupon.js';
import type { LiveEvent } from '../../src/contract/enums.js';
import { toWire } from '../../src/server/domain/common/time.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { balances, expectSound, memberId, moneyCalls, moneyState, rid, sessionFor } from './moneyKit.js';

describe(`coupons (${testDb})`, () => {
  let s: TestServer;
  const { tok, refused } = moneyCalls(() => s);
  const events: { memId: string; e: LiveEvent }[] = [];
  const clock = () => s.app.clock as unknown as { offsetMs: number };
  const later = (minutes: number) => toWire(new Date(s.now() + minutes * 60_000));
  const issue = async (body: Record<string, unknown>, who = 'admin') =>
    s.post(who === 'admin' ? couponCalls.adminIssue.path : couponCalls.partnerIssue.path, { requestId: rid(), couponCnt: 1, expireDate: later(60), ...body }, await tok(who));
  const box = async (memId: string, status = 'open') => (await s.call(couponCalls.box, { status: status as 'open' }, await tok(memId))).data!;
  const use = async (memId: string, couponIdx: number, requestId = rid()) => s.call(couponCalls.use, { couponIdx, requestId }, await tok(memId));

  beforeAll(async () => {
    s = await startTestServer();
    const publish = s.app.live.publish.bind(s.app.live);
    s.app.live.publish = (to, e) => {
      if ('memId' in to && to.memId) events.push({ memId: to.memId, e });
      publish(to, e);
    };
  });
  afterAll(async () => {
    if (s) await expectSound(s.app.db, s.siteId);
    await s?.close();
  });

  it('the operator issues, the member gets COUPON, MSG and a message, and redeems once under a parallel double redeem', async () => {
    const before = await balances(s, 'user1');
    const r = await issue({ target: 'member', memId: 'user1', couponAmt: 5_000, couponCnt: 2 });
    expect(r).toMatchObject({ resultCode: '0', data: { couponCnt: 2, memberCnt: 1, totalAmt: 10_000 } });
    await new Promise((res) => setTimeout(res, 200));
    expect(events.filter((x) => x.memId === 'user1' && x.e.type === 'COUPON').at(-1)?.e).toMatchObject({ data1: 2, data2: 5_000 });
    expect(events.some((x) => x.memId === 'user1' && x.e.type === 'MSG')).toBe(true);
    const msg = await s.app.db
      .selectFrom('message')
      .select('title')
      .where('receiver_id', '=', await memberId(s.app.db, s.siteId, 'user1'))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(msg?.title).toContain('5,000');
    const open = await box('user1');
    expect(open.openCnt).toBe(2);
    const [c1, c2] = open.list;
    // two redeems of one coupon at once (different request ids): one pays, the other is told it is used
    const both = await Promise.all([use('user1', c1.couponIdx), use('user1', c1.couponIdx)]);
    expect(both.map((x) => x.resultCode).sort()).toEqual(['0', 'CP005']);
    expect((await balances(s, 'user1')).cash).toBe(before.cash + 5_000);
    // a replay of the same request id answers the first result and moves nothing
    const key = rid();
    const first = await use('user1', c2.couponIdx, key);
    const again = await use('user1', c2.couponIdx, key);
    expect(first.resultCode).toBe('0');
    expect(again.data).toEqual(first.data);
    expect(first.data).toMatchObject({ couponAmt: 5_000, cashAmt: before.cash + 10_000 });
    expect((await balances(s, 'user1')).cash).toBe(before.cash + 10_000);
    expect((await box('user1', 'used')).list.map((c) => c.couponIdx).sort()).toEqual([c1.couponIdx, c2.couponIdx].sort());
    const entries = await s.app.db
      .selectFrom('ledger_entry')
      .select(['type_code'])
      .where('member_id', '=', await memberId(s.app.db, s.siteId, 'user1'))
      .where('type_code', '=', 55)
      .execute();
    expect(entries.length).toBe(2);
  });

  it('bad input: a clear code and no change', async () => {
    await refused('CP001', couponCalls.adminIssue, { target: 'member', memId: 'user2', couponAmt: 0, couponCnt: 1, expireDate: later(60) }, 'admin');
    await refused('CP001', couponCalls.adminIssue, { target: 'member', memId: 'user2', couponAmt: -5_000, couponCnt: 1, expireDate: later(60) }, 'admin');
    await refused('CP002', couponCalls.adminIssue, { target: 'member', memId: 'user2', couponAmt: 1_000, couponCnt: 0, expireDate: later(60) }, 'admin');
    await refused('CP002', couponCalls.adminIssue, { target: 'all', couponAmt: 1_000, couponCnt: 101, expireDate: later(60) }, 'admin');
    await refused('CP003', couponCalls.adminIssue, { target: 'member', memId: 'user2', couponAmt: 1_000, couponCnt: 1, expireDate: later(-1) }, 'admin');
    await refused('U001', couponCalls.adminIssue, { target: 'member', memId: 'nobody', couponAmt: 1_000, couponCnt: 1, expireDate: later(60) }, 'admin');
    // a partner: over its balance (as a give), outside its downline, to itself
    const held = (await balances(s, 'ptn7')).cash;
    await refused('C202', couponCalls.partnerIssue, { target: 'member', memId: 'user2', couponAmt: held + 1, couponCnt: 1, expireDate: later(60) }, 'ptn7');
    await refused('A002', couponCalls.partnerIssue, { target: 'member', memId: 'user6', couponAmt: 1_000, couponCnt: 1, expireDate: later(60) }, 'ptn7');
    await refused('A002', couponCalls.partnerIssue, { target: 'subtree', memId: 'ptn6', couponAmt: 1_000, couponCnt: 1, expireDate: later(60) }, 'ptn7');
    await refused('A002', couponCalls.partnerIssue, { target: 'member', memId: 'ptn7', couponAmt: 1_000, couponCnt: 1, expireDate: later(60) }, 'ptn7');
    // a player cannot issue
    expect((await issue({ target: 'member', memId: 'user3', couponAmt: 1_000 }, 'user2')).resultCode).toBe('A001');
    // another member's coupon, another site's coupon, an unknown one
    const mine = (await issue({ target: 'member', memId: 'user2', couponAmt: 1_000 })).data;
    const c = (await box('user2')).list[0];
    expect(mine.couponCnt).toBe(1);
    await refused('CP004', couponCalls.use, { couponIdx: c.couponIdx }, 'user3');
    await refused('CP004', couponCalls.use, { couponIdx: 999_999_999 }, 'user3');
    const u3 = await memberId(s.app.db, s.siteId, 'user3');
    const foreign = await s.app.db
      .insertInto('coupon')
      .values({
        site_id: 'other-site',
        issuer_id: u3,
        issued_by: u3,
        member_id: u3,
        amount: 1_000,
        expires_at: new Date(s.now() + 3600_000),
        created_at: new Date(),
        issue_move: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refused('CP004', couponCalls.use, { couponIdx: foreign.id }, 'user3');
    await s.app.db.deleteFrom('coupon').where('id', '=', foreign.id).execute();
    expect((await use('user2', c.couponIdx)).resultCode).toBe('0');
    await refused('CP005', couponCalls.use, { couponIdx: c.couponIdx }, 'user2');
  });

  it('a partner issues to its downline from its own cash; expired coupons return to their issuers exactly once', async () => {
    const p7 = (await balances(s, 'ptn7')).cash;
    const r = await issue({ target: 'all', couponAmt: 3_000, couponCnt: 1, expireDate: later(5) }, 'ptn7');
    expect(r.resultCode).toBe('0');
    const n = r.data.memberCnt;
    expect(n).toBeGreaterThanOrEqual(5);
    expect((await balances(s, 'ptn7')).cash).toBe(p7 - 3_000 * n);
    const list = await s.call(couponCalls.partnerList, { page: 1, count_per_list: 200 }, await tok('ptn7'));
    expect(list.data!.sums).toMatchObject({ open: n, openAmt: 3_000 * n });
    expect(new Set(list.data!.list.map((x) => x.issuerId))).toEqual(new Set(['ptn7']));
    // user4 redeems one; the others expire
    const c4 = (await box('user4')).list.find((c) => c.couponAmt === 3_000)!;
    expect((await use('user4', c4.couponIdx)).resultCode).toBe('0');
    const house = (await s.app.db.selectFrom('member').select('cash_amt').where('site_id', '=', s.siteId).where('mem_id', '=', '__house__').executeTakeFirstOrThrow()).cash_amt;
    const byAdmin = await issue({ target: 'member', memId: 'user5', couponAmt: 7_000, expireDate: later(5) });
    expect(byAdmin.resultCode).toBe('0');
    const c5 = (await box('user5')).list.find((c) => c.couponAmt === 7_000)!;
    clock().offsetMs += 6 * 60_000;
    // two lists at once: each coupon returns once
    await Promise.all([box('user5', 'expired'), s.call(couponCalls.adminList, { page: 1, count_per_list: 20 }, await tok('admin'))]);
    expect((await balances(s, 'ptn7')).cash).toBe(p7 - 3_000);
    await s.app.accrual.flush();
    const houseNow = (await s.app.db.selectFrom('member').select('cash_amt').where('site_id', '=', s.siteId).where('mem_id', '=', '__house__').executeTakeFirstOrThrow()).cash_amt;
    expect(Number(houseNow)).toBe(Number(house));
    expect((await box('user5', 'expired')).list.map((c) => c.couponIdx)).toContain(c5.couponIdx);
    await refused('CP006', couponCalls.use, { couponIdx: c5.couponIdx }, 'user5');
    const returns = await s.app.db
      .selectFrom('ledger_entry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type_code', '=', 5)
      .where('kind', '=', 'cash')
      .executeTakeFirstOrThrow();
    expect(Number(returns.n)).toBe(2 * (n - 1) + 2);
    const reserve = await s.app.db.selectFrom('member').select('cash_amt').where('site_id', '=', s.siteId).where('mem_id', '=', '__coupon__').executeTakeFirstOrThrow();
    const openLeft = await s.app.db
      .selectFrom('coupon')
      .select((eb) => eb.fn.sum<number>('amount').as('a'))
      .where('site_id', '=', s.siteId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    expect(Number(reserve.cash_amt)).toBe(Number(openLeft.a ?? 0));
    clock().offsetMs -= 6 * 60_000;
  });

  it('a member on a break or self-excluded cannot redeem (U020, U021)', async () => {
    await issue({ target: 'member', memId: 'user8', couponAmt: 2_000, couponCnt: 1 });
    const id = await memberId(s.app.db, s.siteId, 'user8');
    const token = await sessionFor(s.app.db, s.siteId, id);
    const c = (await s.call(couponCalls.box, { status: 'open' }, token)).data!.list[0];
    for (const [code, col] of [
      ['U020', 'break_until'],
      ['U021', 'excluded_until'],
    ] as const) {
      await s.app.db
        .insertInto('member_protection')
        .values({ member_id: id, site_id: s.siteId, [col]: new Date(s.now() + 3600_000), updated_at: new Date() })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ break_until: null, excluded_until: null, [col]: new Date(s.now() + 3600_000) }))
        .execute();
      const before = await moneyState(s);
      expect((await s.call(couponCalls.use, { couponIdx: c.couponIdx, requestId: rid() }, token)).resultCode).toBe(code);
      expect(await moneyState(s)).toBe(before);
    }
  });
});
