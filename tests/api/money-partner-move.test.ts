import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/contract/enums.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { balances, expectSound, memberId, moneyCalls, moneyState, rid } from './moneyKit.js';
import { adminCalls } from '../../src/contract/admin.js';
import { retailCalls } from '../../src/contract/retail.js';

/** Give, retrieve and grant: one statement each, with the same answers, codes and ledger rows as ever. */
describe(`partner give/retrieve and grant in one round trip (${testDb})`, () => {
  let s: TestServer;
  const { tok, refused } = moneyCalls(() => s);
  const setStatus = (memId: string, status: string) => s.app.db.updateTable('member').set({ status }).where('site_id', '=', s.siteId).where('mem_id', '=', memId).execute();

  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    if (s) await expectSound(s.app.db, s.siteId);
    await s?.close();
  });

  it('a replay answers the first result after the balances changed, and even when the call would now be refused', async () => {
    const token = await tok('ptn7');
    const key = rid();
    const body = { memId: 'user3', inAmt: 4_000, requestId: key };
    const first = await s.call(retailCalls.cashIn, body, token);
    expect(first.resultCode).toBe('0');
    expect(first.data).toMatchObject({ memId: 'user3' });
    expect((await s.call(retailCalls.cashIn, { memId: 'user3', inAmt: 1_000, requestId: rid() }, token)).resultCode).toBe('0');
    expect((await s.call(retailCalls.cashOut, { memId: 'user3', outAmt: 2_000, requestId: rid() }, token)).resultCode).toBe('0');
    const moved = await balances(s, 'user3');
    expect(moved.cash).toBe(first.data!.cashAmt - 1_000);
    const state = await moneyState(s);
    expect(await s.call(retailCalls.cashIn, body, token)).toEqual(first);
    // the partner suspended since: the replay still answers the first result, not C301
    await setStatus('ptn7', 'SUSPENDED');
    try {
      expect(await s.call(retailCalls.cashIn, body, token)).toEqual(first);
    } finally {
      await setStatus('ptn7', 'ACTIVE');
    }
    expect(await moneyState(s)).toBe(state);
  });

  it('C998 for the same request id with another body, C999 on another call; neither moves money', async () => {
    const token = await tok('ptn7');
    const key = rid();
    expect((await s.call(retailCalls.pointChange, { memId: 'user4', pointType: 2, pointAmt: 100, requestId: key }, token)).resultCode).toBe('0');
    await refused('C998', retailCalls.pointChange, { memId: 'user4', pointType: 2, pointAmt: 101, requestId: key }, 'ptn7');
    await refused('C998', retailCalls.pointChange, { memId: 'user4', pointType: -2, pointAmt: 100, requestId: key }, 'ptn7');
    await refused('C999', retailCalls.cashIn, { memId: 'user4', inAmt: 100, requestId: key }, 'ptn7');
    const grant = rid();
    expect((await s.call(adminCalls.grant, { memId: 'user4', cashAmt: 700, mode: 2, requestId: grant }, await tok('admin'))).resultCode).toBe('0');
    await refused('C998', adminCalls.grant, { memId: 'user5', cashAmt: 700, mode: 2, requestId: grant }, 'admin');
  });

  it('checks in order: replay, amount, target, permission, holdings', async () => {
    // zero amount to a member that is not a direct child: the amount code first
    await refused('C303', retailCalls.cashIn, { memId: 'user6', inAmt: 0 }, 'ptn7');
    await refused('C403', retailCalls.cashOut, { memId: 'ghost', outAmt: 0 }, 'ptn7');
    await refused('C601', retailCalls.pointChange, { memId: 'user6', pointType: 2, pointAmt: 0 }, 'ptn7');
    await refused('C701', retailCalls.pointChange, { memId: 'user6', pointType: -2, pointAmt: 0 }, 'ptn7');
    await refused('C206', adminCalls.grant, { memId: 'ghost', cashAmt: 0, mode: 2 }, 'admin');
    await refused('P001', adminCalls.grant, { memId: 'ghost', cashAmt: 0, mode: 2, kind: 'point' }, 'admin');
    const huge = 10 ** 15;
    await tok('ptn7');
    await setStatus('ptn7', 'SUSPENDED');
    try {
      // a suspended partner: the target code before the permission code, the permission code before holdings
      await refused('C302', retailCalls.cashIn, { memId: 'user6', inAmt: huge }, 'ptn7');
      await refused('C402', retailCalls.cashOut, { memId: 'user6', outAmt: huge }, 'ptn7');
      await refused('C301', retailCalls.cashIn, { memId: 'user1', inAmt: huge }, 'ptn7');
      await refused('C401', retailCalls.cashOut, { memId: 'user1', outAmt: huge }, 'ptn7');
      await refused('C401', retailCalls.pointChange, { memId: 'user1', pointType: -2, pointAmt: huge }, 'ptn7');
    } finally {
      await setStatus('ptn7', 'ACTIVE');
    }
    await refused('C202', retailCalls.cashIn, { memId: 'user1', inAmt: huge }, 'ptn7');
    await refused('C702', retailCalls.cashOut, { memId: 'user1', outAmt: huge }, 'ptn7');
    await refused('P002', retailCalls.pointChange, { memId: 'user1', pointType: 2, pointAmt: huge }, 'ptn7');
    await refused('U001', adminCalls.grant, { memId: 'ghost', cashAmt: huge, mode: -2 }, 'admin');
    await refused('C202', adminCalls.grant, { memId: 'user1', cashAmt: huge, mode: -2 }, 'admin');
    await refused('P002', adminCalls.grant, { memId: 'user1', cashAmt: huge, mode: -2, kind: 'point' }, 'admin');
  });

  it('writes the same ledger rows: one move, the payer first, before/after on each side', async () => {
    const db = s.app.db;
    const [ptn7, user2] = [await memberId(db, s.siteId, 'ptn7'), await memberId(db, s.siteId, 'user2')];
    const before = { p: await balances(s, 'ptn7'), u: await balances(s, 'user2') };
    const key = rid();
    const r = await s.call(retailCalls.cashOut, { memId: 'user2', outAmt: 3_000, memo: 'back', requestId: key }, await tok('ptn7'));
    expect(r.data).toEqual({
      memId: 'user2',
      cashAmt: before.u.cash - 3_000,
      pointAmt: before.u.point,
      myCashAmt: before.p.cash + 3_000,
      myPointAmt: before.p.point,
      logIdx: expect.any(Number),
      regDate: expect.any(String),
    });
    const rows = await db.selectFrom('ledger_entry').selectAll().where('request_key', '=', key).orderBy('id').execute();
    expect(rows.map((e) => [e.member_id, e.counterpart_id, e.kind, e.type_code, e.before_amt, e.amount, e.after_amt, e.sender_id, e.receiver_id, e.memo])).toEqual([
      [user2, ptn7, 'cash', -33, before.u.cash, -3_000, before.u.cash - 3_000, user2, ptn7, 'back'],
      [ptn7, user2, 'cash', 3, before.p.cash, 3_000, before.p.cash + 3_000, user2, ptn7, 'back'],
    ]);
    expect(rows[0]!.move_id).toBe(rows[1]!.move_id);

    // a grant: the member's side at once, the house side through the accrual step, one move
    const grant = rid();
    const g = await s.call(adminCalls.grant, { memId: 'user2', cashAmt: 500, mode: 2, kind: 'point', requestId: grant }, await tok('admin'));
    expect(g.data).toEqual({ memId: 'user2', cashAmt: before.u.cash - 3_000, pointAmt: before.u.point + 500, logIdx: expect.any(Number), regDate: expect.any(String) });
    await s.app.accrual.flush();
    const sides = await db
      .selectFrom('ledger_entry')
      .select(['member_id', 'kind', 'type_code', 'amount', 'move_id'])
      .where('request_key', '=', grant)
      .orderBy('member_id')
      .execute();
    expect(sides).toHaveLength(2);
    expect(sides.map((e) => [e.kind, e.type_code, e.amount]).sort()).toEqual([
      ['point', 2, -500],
      ['point', 2, 500],
    ]);
    expect(sides[0]!.move_id).toBe(sides[1]!.move_id);
  });

  it('pushes CASH with the new balances to both members of a give, and to nobody on a replay', async () => {
    const seen: { memId: string; event: LiveEvent }[] = [];
    const off = s.app.live.onEvent((to, event) => {
      if ('memId' in to && event.type === 'CASH' && (to.memId === 'ptn7' || to.memId === 'user5')) seen.push({ memId: to.memId, event });
    });
    try {
      const body = { memId: 'user5', inAmt: 2_500, requestId: rid() };
      const r = await s.call(retailCalls.cashIn, body, await tok('ptn7'));
      expect(seen).toEqual([
        { memId: 'ptn7', event: { type: 'CASH', data1: r.data!.myCashAmt, data2: r.data!.myPointAmt } },
        { memId: 'user5', event: { type: 'CASH', data1: r.data!.cashAmt, data2: r.data!.pointAmt } },
      ]);
      seen.length = 0;
      expect(await s.call(retailCalls.cashIn, body, await tok('ptn7'))).toEqual(r);
      expect(seen).toEqual([]);
    } finally {
      off();
    }
  });

  // PostgreSQL: the test holds the payer's row from a connection of its own while both calls start (PGlite has one)
  it.runIf(testDb === 'postgres')('a resend that arrives while the first call is still running answers its result, not a refusal of money it moved', async () => {
    const token = await tok('ptn7');
    const key = rid();
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((r) => (locked = r));
    const hold = s.app.db.transaction().execute(async (trx) => {
      await trx.selectFrom('member').select('id').where('site_id', '=', s.siteId).where('mem_id', '=', 'ptn7').forUpdate().execute();
      locked();
      await new Promise<void>((r) => (release = r));
    });
    await held;
    // the whole applied balance: once the first call moved it, the same checks run again would refuse C202
    const { cash_amt: all } = await s.app.db.selectFrom('member').select('cash_amt').where('site_id', '=', s.siteId).where('mem_id', '=', 'ptn7').executeTakeFirstOrThrow();
    const body = { memId: 'user5', inAmt: Number(all), requestId: key };
    const first = s.call(retailCalls.cashIn, body, token);
    await new Promise((r) => setTimeout(r, 300));
    const resend = s.call(retailCalls.cashIn, body, token);
    await new Promise((r) => setTimeout(r, 300));
    release();
    await hold;
    const [a, b] = await Promise.all([first, resend]);
    expect(a.resultCode).toBe('0');
    expect(b).toEqual(a);
    const moves = await s.app.db.selectFrom('ledger_entry').select('move_id').distinct().where('request_key', '=', key).execute();
    expect(moves).toHaveLength(1);
    // give it back, so the later tests find ptn7 as before
    expect((await s.call(retailCalls.cashOut, { memId: 'user5', outAmt: Number(all), requestId: rid() }, token)).resultCode).toBe('0');
  });

  it('concurrent duplicates of one request id: exactly one movement, the others C999 or the replay', async () => {
    const token = await tok('ptn7');
    const before = await balances(s, 'user1');
    for (const send of [
      (requestId: string) => s.call(retailCalls.cashIn, { memId: 'user1', inAmt: 1_000, requestId }, token),
      (requestId: string) => s.call(retailCalls.cashOut, { memId: 'user1', outAmt: 1_000, requestId }, token),
    ]) {
      const key = rid();
      const answers = await Promise.all(Array.from({ length: 8 }, () => send(key)));
      const ok = answers.filter((a) => a.resultCode === '0');
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const a of ok) expect(a).toEqual(ok[0]);
      for (const a of answers) expect(['0', 'C999']).toContain(a.resultCode);
      const moves = await s.app.db.selectFrom('ledger_entry').select('move_id').distinct().where('request_key', '=', key).execute();
      expect(moves).toHaveLength(1);
    }
    expect((await balances(s, 'user1')).cash).toBe(before.cash);
  });
});
