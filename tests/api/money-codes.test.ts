import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSites } from '../../src/server/http/route.js';
import { kstDayStart } from '../../src/server/domain/common/time.js';
import { bankSafeOffset, startTestServer, testDb, type TestServer } from './harness.js';
import { balances, expectSound, moneyCalls, moneyState, rid } from './moneyKit.js';
import { adminCalls } from '../../src/contract/admin.js';
import { cashCalls } from '../../src/contract/cash.js';
import { retailCalls } from '../../src/contract/retail.js';
import { commonCalls } from '../../src/contract/common.js';
import { pointCalls } from '../../src/contract/point.js';

describe(`money result codes (${testDb})`, () => {
  let s: TestServer;
  const { tok, refused } = moneyCalls(() => s);
  const setMember = (memId: string, v: { status?: string; out_amt_yn?: string; cash_out_pass_hash?: string | null }) =>
    s.app.db.updateTable('member').set(v).where('site_id', '=', s.siteId).where('mem_id', '=', memId).execute();
  const setOptions = async (o: Record<string, unknown>) => {
    await s.app.db
      .updateTable('site')
      .set({ options: JSON.stringify(o) })
      .where('id', '=', s.siteId)
      .execute();
    forgetSites();
  };
  const clock = () => s.app.clock as unknown as { offsetMs: number };

  beforeAll(async () => {
    s = await startTestServer({ clockOffsetMs: bankSafeOffset() });
  });
  afterAll(async () => {
    if (s) await expectSound(s.app.db, s.siteId);
    await s?.close();
  });

  it('deposit: C002 C101 C102 C103 U0011 C003, V001 without a request id', async () => {
    await refused('C002', cashCalls.deposit, { cashAmt: 0 }, 'user1');
    await refused('C002', cashCalls.deposit, { cashAmt: '' }, 'user1');
    await refused('C002', cashCalls.deposit, {}, 'user1');
    await refused('C101', cashCalls.deposit, { cashAmt: 10_001_000 }, 'user1');
    await refused('C102', cashCalls.deposit, { cashAmt: 9_000 }, 'user1');
    await refused('C103', cashCalls.deposit, { cashAmt: 10_500 }, 'user1');
    await refused('V001', cashCalls.deposit, { cashAmt: 10_000, requestId: undefined }, 'user1');
    await refused('V001', cashCalls.deposit, { cashAmt: 'ten' }, 'user1');
    await setMember('user2', { status: 'SUSPENDED' });
    await refused('U0011', cashCalls.deposit, { cashAmt: 10_000 }, 'user2');
    await setMember('user2', { status: 'ACTIVE' });
    const ok = await s.call(cashCalls.deposit, { cashAmt: '20000', requestId: rid() }, await tok('user1'));
    expect(ok).toMatchObject({ resultCode: '0', data: { cashStatus: 0 } });
    await refused('C003', cashCalls.deposit, { cashAmt: 10_000 }, 'user1');
    await refused('C003', cashCalls.deposit, { cashAmt: 10_000 }, 'user11');
  });

  it('withdrawal: C206 C210 U0011 C203 C010 C008 C202 C214 C215 C209 C216', async () => {
    await refused('C206', cashCalls.withdraw, { cashAmt: 0, cashOutPass: '1234' }, 'user3');
    // back to the latest 23:45 and 00:25 KST already past, so the session stays valid
    const base = clock().offsetMs;
    const now = s.now();
    const past = (minute: number) => {
      const t = kstDayStart(new Date(now)).getTime() + minute * 60_000;
      return t > now ? t - 86_400_000 : t;
    };
    expect((await s.call(commonCalls.siteCheckInfo, {})).data!.bankClosed).toBe(false);
    clock().offsetMs = base + past(23 * 60 + 45) - now;
    // the app closes the form before input on the same rule and the same clock
    expect((await s.call(commonCalls.siteCheckInfo, {})).data!.bankClosed).toBe(true);
    await refused('C210', cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '1234' }, 'user3');
    clock().offsetMs = base + past(25) - now;
    await refused('C210', cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '1234' }, 'user3');
    clock().offsetMs = base;
    await setMember('user3', { status: 'SUSPENDED' });
    await refused('U0011', cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '1234' }, 'user3');
    await setMember('user3', { status: 'ACTIVE', out_amt_yn: 'N' });
    await refused('C203', cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '1234' }, 'user3');
    await setMember('user3', { out_amt_yn: 'Y' });
    await refused('C008', cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '9999' }, 'user3');
    await refused('C008', cashCalls.withdraw, { cashAmt: 10_000 }, 'user3');
    const cash = (await balances(s, 'user3')).cash;
    await refused('C202', cashCalls.withdraw, { cashAmt: cash + 1_000, cashOutPass: '1234' }, 'user3');
    await refused('C214', cashCalls.withdraw, { cashAmt: 5_000, cashOutPass: '1234' }, 'user3');
    await refused('C215', cashCalls.withdraw, { cashAmt: 10_500, cashOutPass: '1234' }, 'user3');
    const hash = (await s.app.db.selectFrom('member').select('cash_out_pass_hash').where('mem_id', '=', 'user3').executeTakeFirstOrThrow()).cash_out_pass_hash;
    await setMember('user3', { cash_out_pass_hash: null });
    await refused('C010', cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '1234' }, 'user3');
    await setMember('user3', { cash_out_pass_hash: hash });
    const ok = await s.call(cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '1234', requestId: rid() }, await tok('user3'));
    expect(ok.resultCode).toBe('0');
    expect((await balances(s, 'user3')).cash).toBe(cash - 10_000);
    await refused('C209', cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '1234' }, 'user3');
    await s.call(cashCalls.cancel, { cashIdx: ok.data!.cashIdx, requestId: rid() }, await tok('user3'));
    expect((await balances(s, 'user3')).cash).toBe(cash);
    await setOptions({ withdrawWaitMinutes: 30 });
    await refused('C216', cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '1234' }, 'user3');
    await setOptions({});
  });

  it('cancel: C099 for a foreign or unknown request, T999 once past applied', async () => {
    const mine = await s.call(cashCalls.deposit, { cashAmt: 10_000, requestId: rid() }, await tok('user4'));
    await refused('C099', cashCalls.cancel, { cashIdx: mine.data!.cashIdx }, 'user5');
    await refused('C099', cashCalls.cancel, { cashIdx: 999_999 }, 'user4');
    const w = await s.call(adminCalls.cashProcess, { cashIdx: mine.data!.cashIdx, cashStatus: 2, requestId: rid() }, await tok('admin'));
    expect(w.resultCode).toBe('0');
    await refused('T999', cashCalls.cancel, { cashIdx: mine.data!.cashIdx }, 'user4');
  });

  it('operator: T999 outside 0 -> 2 -> 1|-1, C099 unknown, grants U001 C206 C202, A001 for others', async () => {
    const r = await s.call(cashCalls.deposit, { cashAmt: 30_000, requestId: rid() }, await tok('user5'));
    const idx = r.data!.cashIdx;
    await refused('T999', adminCalls.cashProcess, { cashIdx: idx, cashStatus: 1 }, 'admin');
    await refused('T999', adminCalls.cashProcess, { cashIdx: idx, cashStatus: -1 }, 'admin');
    await refused('C099', adminCalls.cashProcess, { cashIdx: 999_999, cashStatus: 2 }, 'admin');
    const before = (await balances(s, 'user5')).cash;
    expect((await s.call(adminCalls.cashProcess, { cashIdx: idx, cashStatus: 2, requestId: rid() }, await tok('admin'))).resultCode).toBe('0');
    await refused('T999', adminCalls.cashProcess, { cashIdx: idx, cashStatus: 2 }, 'admin');
    expect((await s.call(adminCalls.cashProcess, { cashIdx: idx, cashStatus: 1, requestId: rid() }, await tok('admin'))).resultCode).toBe('0');
    expect((await balances(s, 'user5')).cash).toBe(before + 30_000);
    await refused('T999', adminCalls.cashProcess, { cashIdx: idx, cashStatus: -1 }, 'admin');
    await refused('U001', adminCalls.grant, { memId: 'ghost', cashAmt: 1000, mode: 2 }, 'admin');
    await refused('U001', adminCalls.grant, { memId: '__house__', cashAmt: 1000, mode: 2 }, 'admin');
    await refused('C206', adminCalls.grant, { memId: 'user5', cashAmt: 0, mode: 2 }, 'admin');
    await refused('C202', adminCalls.grant, { memId: 'user5', cashAmt: before + 30_000 + 1, mode: -2 }, 'admin');
    await refused('V001', adminCalls.grant, { memId: 'user5', cashAmt: 1000, mode: 3 }, 'admin');
    await refused('A001', adminCalls.grant, { memId: 'user5', cashAmt: 1000, mode: 2 }, 'ptn1');
    await refused('A001', adminCalls.cashProcess, { cashIdx: idx, cashStatus: 2 }, 'user5');
    await refused('A001', retailCalls.cashIn, { memId: 'user5', inAmt: 1000 }, 'user4');
  });

  it('points: P001 P004 P002 P003', async () => {
    await refused('P001', pointCalls.convert, { pointAmt: 0 }, 'user6');
    await refused('P004', pointCalls.convert, { pointAmt: 9_999 }, 'user6');
    const pts = (await balances(s, 'user6')).point;
    await refused('P002', pointCalls.convert, { pointAmt: pts + 10_000 }, 'user6');
    const ok = await s.call(pointCalls.convert, { pointAmt: 10_000, requestId: rid() }, await tok('user6'));
    expect(ok.resultCode, ok.resultMessage).toBe('0');
    expect(ok.data!.pointAmt).toBe(pts - 10_000);
    await s.call(adminCalls.grant, { memId: 'user6', cashAmt: 50_000, mode: 2, kind: 'point', requestId: rid() }, await tok('admin'));
    await refused('P003', pointCalls.convert, { pointAmt: 10_000 }, 'user6');
  });

  it('points: a suspended member cannot convert (P005)', async () => {
    await tok('user7');
    await setMember('user7', { status: 'SUSPENDED' });
    await refused('P005', pointCalls.convert, { pointAmt: 10_000 }, 'user7');
    await setMember('user7', { status: 'ACTIVE' });
  });

  it('give: C303 C302 C202 C301; retrieve: C403 C402 C702 C401; points C601 C701 C302 P002', async () => {
    await refused('C303', retailCalls.cashIn, { memId: 'user1', inAmt: 0 }, 'ptn7');
    await refused('C303', retailCalls.cashIn, { memId: 'user1' }, 'ptn7');
    await refused('C302', retailCalls.cashIn, { memId: 'user6', inAmt: 1000 }, 'ptn7');
    await refused('C302', retailCalls.cashIn, { memId: 'ghost', inAmt: 1000 }, 'ptn7');
    await refused('C302', retailCalls.cashIn, { memId: 'user1', inAmt: 1000 }, 'ptn6');
    const own = (await balances(s, 'ptn7')).cash;
    await refused('C202', retailCalls.cashIn, { memId: 'user1', inAmt: own + 1 }, 'ptn7');
    await refused('C403', retailCalls.cashOut, { memId: 'user1', outAmt: 0 }, 'ptn7');
    await refused('C402', retailCalls.cashOut, { memId: 'ptn6', outAmt: 1000 }, 'ptn7');
    const his = (await balances(s, 'user1')).cash;
    await refused('C702', retailCalls.cashOut, { memId: 'user1', outAmt: his + 1 }, 'ptn7');
    await refused('C601', retailCalls.pointChange, { memId: 'user1', pointType: 2, pointAmt: 0 }, 'ptn7');
    await refused('C701', retailCalls.pointChange, { memId: 'user1', pointType: -2, pointAmt: 0 }, 'ptn7');
    await refused('C302', retailCalls.pointChange, { memId: 'user6', pointType: 2, pointAmt: 100 }, 'ptn7');
    await refused('C402', retailCalls.pointChange, { memId: 'user6', pointType: -2, pointAmt: 100 }, 'ptn7');
    // partners hold rolling points from the seeded bets: give one more than ptn7 holds
    const myPts = (await balances(s, 'ptn7')).point;
    await refused('P002', retailCalls.pointChange, { memId: 'user1', pointType: 2, pointAmt: myPts + 1 }, 'ptn7');
    const pts = (await balances(s, 'user1')).point;
    await refused('P002', retailCalls.pointChange, { memId: 'user1', pointType: -2, pointAmt: -(pts + 1) }, 'ptn7');
    await tok('ptn7');
    await setMember('ptn7', { status: 'SUSPENDED' });
    await refused('C301', retailCalls.cashIn, { memId: 'user1', inAmt: 1000 }, 'ptn7');
    await refused('C401', retailCalls.cashOut, { memId: 'user1', outAmt: 1000 }, 'ptn7');
    await setMember('ptn7', { status: 'ACTIVE' });
  });

  it('idempotency: a replay answers the first result, C999 for a key reused on another call', async () => {
    const token = await tok('ptn7');
    const key = rid();
    const before = await balances(s, 'user2');
    const a = await s.call(retailCalls.cashIn, { memId: 'user2', inAmt: 7_000, requestId: key }, token);
    const b = await s.call(retailCalls.cashIn, { memId: 'user2', inAmt: 7_000, requestId: key }, token);
    expect(a.resultCode).toBe('0');
    expect(b).toEqual(a);
    expect((await balances(s, 'user2')).cash).toBe(before.cash + 7_000);
    await refused('C999', retailCalls.cashOut, { memId: 'user2', outAmt: 7_000, requestId: key }, 'ptn7');
  });

  it('C998 for a request id reused with a different body, on every money call keyed by it', async () => {
    const give = rid();
    expect((await s.call(retailCalls.cashIn, { memId: 'user2', inAmt: 5_000, requestId: give }, await tok('ptn7'))).resultCode).toBe('0');
    await refused('C998', retailCalls.cashIn, { memId: 'user2', inAmt: 6_000, requestId: give }, 'ptn7');
    await refused('C998', retailCalls.cashIn, { memId: 'user3', inAmt: 5_000, requestId: give }, 'ptn7');
    const grant = rid();
    expect((await s.call(adminCalls.grant, { memId: 'user2', cashAmt: 3_000, mode: 2, requestId: grant }, await tok('admin'))).resultCode).toBe('0');
    await refused('C998', adminCalls.grant, { memId: 'user2', cashAmt: 3_000, mode: -2, requestId: grant }, 'admin');
    const dep = rid();
    const d = await s.call(cashCalls.deposit, { cashAmt: 10_000, requestId: dep }, await tok('user6'));
    expect(d.resultCode).toBe('0');
    await refused('C998', cashCalls.deposit, { cashAmt: 20_000, requestId: dep }, 'user6');
    // the same body again is still a replay of the first answer
    expect(await s.call(cashCalls.deposit, { cashAmt: 10_000, requestId: dep }, await tok('user6'))).toEqual(d);
  });

  it('a replayed withdrawal answers its first result whatever password it carries: no oracle, no attempt counted', async () => {
    const token = await tok('user12');
    const body = { cashAmt: 10_000, requestId: rid() };
    const first = await s.call(cashCalls.withdraw, { ...body, cashOutPass: '1234' }, token);
    expect(first).toMatchObject({ resultCode: '0', data: { cashStatus: 0 } });
    const counters = () =>
      s.app.db.selectFrom('member').select(['out_pass_fails', 'out_locked_until']).where('site_id', '=', s.siteId).where('mem_id', '=', 'user12').executeTakeFirstOrThrow();
    const state = async () => JSON.stringify([await moneyState(s), await counters()]);
    const before = await state();
    const guesses = [...Array.from({ length: 40 }, (_, i) => String(1200 + i)), '1234', '', '12345', 'x'];
    for (const cashOutPass of guesses) expect(await s.call(cashCalls.withdraw, { ...body, cashOutPass }, token), cashOutPass).toEqual(first);
    expect(await s.call(cashCalls.withdraw, body, token)).toEqual(first);
    expect(await state()).toBe(before);
    // while withdrawals are locked the replay still answers the same, right password or wrong
    await s.app.db
      .updateTable('member')
      .set({ out_locked_until: new Date(s.now() + 3_600_000) })
      .where('site_id', '=', s.siteId)
      .where('mem_id', '=', 'user12')
      .execute();
    const locked = await state();
    for (const cashOutPass of ['1234', '9999']) expect(await s.call(cashCalls.withdraw, { ...body, cashOutPass }, token)).toEqual(first);
    expect(await state()).toBe(locked);
    await s.app.db.updateTable('member').set({ out_locked_until: null }).where('site_id', '=', s.siteId).where('mem_id', '=', 'user12').execute();
  });

  it('partner lists never leave the caller subtree: A002', async () => {
    await refused('A002', retailCalls.cashLog, { memId: 'user1' }, 'ptn7b');
    await refused('A002', retailCalls.bottomCashList, { memId: 'ptn6' }, 'ptn7');
    await refused('A002', retailCalls.pointList, { memId: 'user20' }, 'ptn7');
    await refused('A002', retailCalls.cashSendlist, { topMemId: 'ptn1' }, 'ptn2');
    const r = await s.call(retailCalls.bottomCashList, { oldYn: 'Y', startDate: '2000-01-01', count_per_list: 200 }, await tok('ptn7'));
    const seen = new Set(r.data!.list.map((x: { memId: string }) => x.memId));
    expect([...seen].sort()).toEqual(['user1', 'user2', 'user3', 'user4', 'user5']);
  });

  it('bottomCashList2, the flagged variant, answers the same rows under the same scope', async () => {
    const body = { oldYn: 'Y', startDate: '2000-01-01', count_per_list: 50, orderColumn: 'regDate', orderType: 'ASC' } as const;
    const one = await s.call(retailCalls.bottomCashList, body, await tok('ptn6'));
    const two = await s.call(retailCalls.bottomCashList2, body, await tok('ptn6'));
    expect(two.resultCode).toBe('0');
    expect(two.data!.list.length).toBeGreaterThan(0);
    expect(two).toEqual(one);
    await refused('A002', retailCalls.bottomCashList2, { memId: 'ptn6' }, 'ptn7');
    expect((await s.call(retailCalls.bottomCashList2, {}, await tok('user1'))).resultCode).toBe('A001');
  });
});
