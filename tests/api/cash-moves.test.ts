import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCalls } from '../../src/contract/admin.js';
import { cashCalls } from '../../src/contract/cash.js';
import { retailCalls } from '../../src/contract/retail.js';
import { gameCalls } from '../../src/contract/game.js';
import { cashTypes } from '../../src/contract/moneyKinds.js';
import { bankSafeOffset, startTestServer, testDb, type TestServer } from './harness.js';
import { balances, expectSound, memberId, moneyCalls, rid } from './moneyKit.js';

describe(`a player's own cash movements (${testDb})`, () => {
  let s: TestServer;
  const { tok } = moneyCalls(() => s);
  const moves = async (memId: string, page = 1) => {
    const r = await s.call(cashCalls.moves, { page }, await tok(memId));
    expect(r.resultCode, r.resultMessage).toBe('0');
    return r.data!;
  };

  beforeAll(async () => {
    s = await startTestServer({ clockOffsetMs: bankSafeOffset() });
  });
  afterAll(async () => {
    if (s) await expectSound(s.app.db, s.siteId);
    await s?.close();
  });

  it('lists a deposit approval, a grant, game money in and out, newest first, each with the balance after and its reference', async () => {
    const admin = await tok('admin');
    const before = (await moves('user6')).pageInfo.tatal_list_count;

    const dep = await s.call(cashCalls.deposit, { cashAmt: 10_000, requestId: rid() }, await tok('user6'));
    expect(dep.resultCode, dep.resultMessage).toBe('0');
    const cashIdx = dep.data!.cashIdx;
    for (const cashStatus of [2, 1]) expect((await s.call(adminCalls.cashProcess, { cashIdx, cashStatus, requestId: rid() }, admin)).resultCode).toBe('0');
    expect((await s.call(adminCalls.grant, { memId: 'user6', cashAmt: 5_000, mode: 2, requestId: rid() }, admin)).resultCode).toBe('0');
    expect((await s.call(gameCalls.launch, { vendorKey: 'demo-live', gameKey: 'baccarat-a' }, await tok('user6'))).resultCode).toBe('0');
    const out = await s.call(gameCalls.outGameMoney, { vendorCode: 'demo-live', requestId: rid() }, await tok('user6'));
    expect(out.resultCode, out.resultMessage).toBe('0');

    const d = await moves('user6');
    expect(d.pageInfo).toMatchObject({ page: 1, count_per_list: 10, tatal_list_count: before + 4 });
    const [back, into, grant, deposit] = d.list;
    expect(deposit).toMatchObject({ moveType: cashTypes.deposit, amount: 10_000, reference: `#${cashIdx}` });
    expect(grant).toMatchObject({ moveType: cashTypes.adminGrant, amount: 5_000 });
    expect(into.moveType).toBe(cashTypes.gameOut);
    expect(into.amount).toBeLessThan(0);
    // one reference format: a request's number, else the row's own
    expect(back).toMatchObject({ moveType: cashTypes.gameIn, amount: -into.amount, reference: `#${back.moveIdx}`, state: 'done' });
    expect(deposit.state).toBe('done');
    // each row's balance after is the next older row's plus its own amount; the newest is the balance now
    expect(back.afterAmt).toBe(Number((await balances(s, 'user6')).cash));
    d.list.slice(0, 3).forEach((r, i) => expect(r.afterAmt - r.amount).toBe(d.list[i + 1].afterAmt));
  });

  it("a held withdrawal reads pending until decided, then rejected; the partner's list gives a deposit's time applied", async () => {
    const admin = await tok('admin');
    const out = await s.call(cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '1234', requestId: rid() }, await tok('user8'));
    expect(out.resultCode, out.resultMessage).toBe('0');
    const held = (await moves('user8')).list[0];
    expect(held).toMatchObject({ amount: -10_000, reference: `#${out.data!.cashIdx}`, state: 'pending' });
    for (const cashStatus of [2, -1]) expect((await s.call(adminCalls.cashProcess, { cashIdx: out.data!.cashIdx, cashStatus, requestId: rid() }, admin)).resultCode).toBe('0');
    const [back, hold] = (await moves('user8')).list;
    expect([back.state, hold.state, back.reference]).toEqual(['rejected', 'rejected', `#${out.data!.cashIdx}`]);

    // applied now, approved 7 minutes later: the partner's list says when the member applied
    const dep = await s.call(cashCalls.deposit, { cashAmt: 10_000, requestId: rid() }, await tok('user8'));
    const applied = (await s.call(cashCalls.list, { cashType: 1 }, await tok('user8'))).data!.list.find((r) => r.cashIdx === dep.data!.cashIdx)!;
    const clock = s.app.clock as unknown as { offsetMs: number };
    clock.offsetMs += 7 * 60_000;
    for (const cashStatus of [2, 1]) expect((await s.call(adminCalls.cashProcess, { cashIdx: dep.data!.cashIdx, cashStatus, requestId: rid() }, admin)).resultCode).toBe('0');
    const parent = await s.app.db
      .selectFrom('member as m')
      .innerJoin('member as p', 'p.id', 'm.parent_id')
      .select('p.mem_id')
      .where('m.site_id', '=', s.siteId)
      .where('m.mem_id', '=', 'user8')
      .executeTakeFirstOrThrow();
    const r = await s.call(retailCalls.bottomCashList, { count_per_list: 50 }, await tok(parent.mem_id));
    const row = r.data!.list.find((x: { memId: string; cashType: number }) => x.memId === 'user8' && x.cashType === 1)!;
    expect(row.regDate).toBe(applied.regDate);
    expect(row.updDate).not.toBe(row.regDate);
    clock.offsetMs -= 7 * 60_000;
  });

  it('pages 10 a page, newest first, without overlap', async () => {
    const admin = await tok('admin');
    for (let i = 1; i <= 11; i++) expect((await s.call(adminCalls.grant, { memId: 'user7', cashAmt: i * 1_000, mode: 2, requestId: rid() }, admin)).resultCode).toBe('0');
    const one = await moves('user7');
    const two = await moves('user7', 2);
    expect(one.list).toHaveLength(10);
    expect(one.pageInfo.tatal_list_count).toBeGreaterThanOrEqual(11);
    expect(one.list.slice(0, 10).map((r) => r.amount)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => n * 1_000));
    expect(two.list[0].amount).toBe(1_000);
    const ids = new Set(one.list.map((r) => r.moveIdx));
    expect(two.list.some((r) => ids.has(r.moveIdx))).toBe(false);
    const last = Math.ceil(one.pageInfo.tatal_list_count / 10);
    expect((await moves('user7', last + 1)).list).toEqual([]);
  });

  it("answers only the caller's own rows: another player and the player's partner (even naming the player) get their own", async () => {
    const own = await s.app.db
      .selectFrom('ledger_entry')
      .select('id')
      .where('member_id', '=', await memberId(s.app.db, s.siteId, 'user6'))
      .where('kind', '=', 'cash')
      .execute();
    const theirs = new Set(own.map((r) => Number(r.id)));
    expect(theirs.size).toBeGreaterThan(0);
    for (const who of ['user8', 'ptn6', 'admin']) {
      // the call names no member: a memId sent along is dropped by the contract
      const r = await s.post(cashCalls.moves.path, { memId: 'user6', page: 1 }, await tok(who));
      expect(r.resultCode, `${who}: ${r.resultMessage}`).toBe('0');
      const list = (r.data as { list: { moveIdx: number }[] }).list;
      expect(list.filter((x) => theirs.has(x.moveIdx))).toEqual([]);
    }
    expect((await s.post(cashCalls.moves.path, { page: 1 }, null)).resultCode).not.toBe('0');
  });
});
