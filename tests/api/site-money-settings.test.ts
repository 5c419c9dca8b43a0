import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call, ReqOf } from '../../src/contract/define.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { balances, expectSound, moneyState, rid } from './moneyKit.js';
import { cashCalls } from '../../src/contract/cash.js';
import { commonCalls } from '../../src/contract/common.js';
import { memberCalls } from '../../src/contract/member.js';
import { adminSiteCalls } from '../../src/contract/site.js';
import { pointCalls } from '../../src/contract/point.js';
import { adminCalls } from '../../src/contract/admin.js';

/** The operator's money settings: the site-wide cash switches (C001 / C201) and the deposit point events (5, 6, 7). */
describe(`site cash switches and deposit events (${testDb})`, () => {
  let s: TestServer;
  const tokens = new Map<string, string>();
  const tok = async (memId: string, pass?: string) => {
    if (!tokens.has(memId)) tokens.set(memId, await s.login(memId, pass));
    return tokens.get(memId)!;
  };
  const admin = async <C extends Call>(c: C, body: ReqOf<C>) => s.call(c, body, await tok('admin'));

  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    if (s) await expectSound(s.app.db, s.siteId);
    await s?.close();
  });

  describe('cash switch', () => {
    it('bans deposits (C001) and withdrawals (C201) site-wide, changes nothing, and tells the player screens', async () => {
      const user = await tok('user3');
      expect((await s.call(commonCalls.siteCheckInfo, {})).data).toMatchObject({ inAmtYn: 'Y', outAmtYn: 'Y' });

      const off = await admin(adminSiteCalls.cashSwitch, { inAmtYn: 'N' });
      expect(off).toMatchObject({ resultCode: '0', data: { inAmtYn: 'N', outAmtYn: 'Y' } });
      expect((await s.call(commonCalls.siteCheckInfo, {}, user)).data).toMatchObject({ inAmtYn: 'N', outAmtYn: 'Y' });
      const before = await moneyState(s);
      expect((await s.call(cashCalls.deposit, { memId: 'user3', cashType: 1, cashStatus: 'in', cashAmt: 50_000, requestId: rid() }, user)).resultCode).toBe('C001');
      // the ban comes before every other rule
      expect((await s.call(cashCalls.deposit, { cashAmt: 0, requestId: rid() }, user)).resultCode).toBe('C001');
      expect(await moneyState(s)).toBe(before);

      expect((await admin(adminSiteCalls.cashSwitch, { outAmtYn: 'N' })).data).toEqual({ inAmtYn: 'N', outAmtYn: 'N' });
      expect((await s.call(cashCalls.withdraw, { cashType: -1, cashStatus: 'out', cashAmt: 20_000, cashOutPass: '1234', requestId: rid() }, user)).resultCode).toBe('C201');
      expect(await moneyState(s)).toBe(before);
      expect((await admin(adminSiteCalls.siteState, {})).data).toMatchObject({ inAmtYn: 'N', outAmtYn: 'N' });

      expect((await admin(adminSiteCalls.cashSwitch, { inAmtYn: 'Y', outAmtYn: 'Y' })).data).toEqual({ inAmtYn: 'Y', outAmtYn: 'Y' });
      expect((await s.call(cashCalls.deposit, { cashType: 1, cashStatus: 'in', cashAmt: 50_000, requestId: rid() }, user)).resultCode).toBe('0');
    });

    it("is the operator's alone and refuses a bad value", async () => {
      expect((await s.call(adminSiteCalls.cashSwitch, { inAmtYn: 'N' }, await tok('user4'))).resultCode).toBe('A001');
      expect((await s.call(adminSiteCalls.cashSwitch, { inAmtYn: 'N' }, await tok('ptn1'))).resultCode).toBe('A001');
      // raw: a switch value outside Y/N is the refusal under test
      expect((await s.loose(await tok('admin'))(adminSiteCalls.cashSwitch, { inAmtYn: 'X' })).resultCode).toBe('V001');
      expect((await s.call(commonCalls.siteCheckInfo, {})).data).toMatchObject({ inAmtYn: 'Y', outAmtYn: 'Y' });
    });
  });

  describe('deposit events', () => {
    const pointsOf = async (memId: string) => Number((await balances(s, memId)).point);
    /** request, move to waiting, approve; answers the approval */
    async function deposit(memId: string, amount: number) {
      const t = await tok(memId, 'newpass1!');
      const r = await s.call(cashCalls.deposit, { cashType: 1, cashStatus: 'in', cashAmt: amount, requestId: rid() }, t);
      expect(r.resultCode, r.resultMessage).toBe('0');
      const cashIdx = r.data!.cashIdx as number;
      expect((await admin(adminCalls.cashProcess, { cashIdx, cashStatus: 2, requestId: rid() })).resultCode).toBe('0');
      return { cashIdx };
    }
    const approve = (cashIdx: number, requestId: string = rid()) => admin(adminCalls.cashProcess, { cashIdx, cashStatus: 1, requestId });

    it('the operator sets the percentages (0 = off) and reads them back', async () => {
      expect((await admin(adminSiteCalls.siteState, {})).data).toMatchObject({ signupFirstPct: 0, dailyFirstPct: 0, everyPct: 0 });
      expect((await admin(adminSiteCalls.depositEvents, { signupFirstPct: 10, dailyFirstPct: 5, everyPct: 2.5 })).data).toEqual({
        signupFirstPct: 10,
        dailyFirstPct: 5,
        everyPct: 2.5,
      });
      expect((await admin(adminSiteCalls.depositEvents, { everyPct: 101 })).resultCode).toBe('V001');
      expect((await admin(adminSiteCalls.depositEvents, { everyPct: 1.234 })).resultCode).toBe('V001');
      expect((await s.call(adminSiteCalls.depositEvents, { everyPct: 50 }, await tok('ptn1'))).resultCode).toBe('A001');
      expect((await admin(adminSiteCalls.siteState, {})).data).toMatchObject({ signupFirstPct: 10, dailyFirstPct: 5, everyPct: 2.5 });
    });

    it('pays sign-up first (5), then every (7), then daily first (6) on a new day, once per approval, in point history', async () => {
      const signup = await s.call(memberCalls.signup, {
        memId: 'evtuser1',
        memPass: 'newpass1!',
        memPassCheck: 'newpass1!',
        memPhone: '010-7777-0001',
        memNick: 'evt_user_1',
        memName: 'Event',
        bank: 'Kookmin',
        bankacc: '7777000001',
        cashOutPass: '1234',
        cashOutPassCheck: '1234',
        recommenderId: 'ptn7',
      });
      expect(signup.resultCode, signup.resultMessage).toBe('0');
      const p0 = await pointsOf('evtuser1');

      const first = await deposit('evtuser1', 100_000);
      const answer = await approve(first.cashIdx, 'approve-first');
      expect(answer.resultCode).toBe('0');
      expect(await pointsOf('evtuser1')).toBe(p0 + 10_000);
      // approving again: refused (T999) or replayed by its request id; never a second payment
      expect((await approve(first.cashIdx)).resultCode).toBe('T999');
      const replay = await approve(first.cashIdx, 'approve-first');
      expect(replay.resultCode).toBe('0');
      expect(await pointsOf('evtuser1')).toBe(p0 + 10_000);

      const second = await deposit('evtuser1', 30_000);
      expect((await approve(second.cashIdx)).resultCode).toBe('0');
      expect(await pointsOf('evtuser1')).toBe(p0 + 10_000 + 750);

      // the earlier approvals belong to yesterday (Korea time): the next one is the day's first
      await s.app.db
        .updateTable('cash_request')
        .set({ updated_at: new Date(Date.now() - 26 * 3600_000) })
        .where('id', 'in', [first.cashIdx, second.cashIdx])
        .execute();
      const third = await deposit('evtuser1', 40_000);
      expect((await approve(third.cashIdx)).resultCode).toBe('0');
      expect(await pointsOf('evtuser1')).toBe(p0 + 10_000 + 750 + 2_000);

      const list = await s.call(pointCalls.list, { pointType: 'in', page: 1 }, await tok('evtuser1', 'newpass1!'));
      expect(
        list
          .data!.list.slice(0, 3)
          .map((r: { pointType: string; codeName: string; point_inAmt: number; pointBonusRate: number }) => [r.pointType, r.codeName, r.point_inAmt, r.pointBonusRate]),
      ).toEqual([
        ['6', '매일 첫충 이벤트', 2_000, 5],
        ['7', '매충 이벤트', 750, 2.5],
        ['5', '가입 첫충 이벤트', 10_000, 10],
      ]);
    });

    it('two approvals racing for the same request pay once', async () => {
      await admin(adminSiteCalls.depositEvents, { signupFirstPct: 0, dailyFirstPct: 0, everyPct: 3 });
      const p0 = await pointsOf('evtuser1');
      for (let i = 0; i < 5; i++) {
        const { cashIdx } = await deposit('evtuser1', 20_000 + i * 1_000);
        const codes = (await Promise.all([approve(cashIdx), approve(cashIdx), approve(cashIdx)])).map((r) => r.resultCode).sort();
        expect(codes.filter((c) => c === '0')).toHaveLength(1);
        expect(codes.every((c) => c === '0' || c === 'T999' || c === 'C999')).toBe(true);
      }
      const expected = [20_000, 21_000, 22_000, 23_000, 24_000].reduce((a, x) => a + Math.floor((x * 3) / 100), 0);
      expect(await pointsOf('evtuser1')).toBe(p0 + expected);
      const rows = await s.app.db
        .selectFrom('ledger_entry')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'point')
        .where('type_code', 'in', [5, 6, 7])
        .where('amount', '>', 0)
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(8);
    });

    it('all off pays nothing', async () => {
      await admin(adminSiteCalls.depositEvents, { signupFirstPct: 0, dailyFirstPct: 0, everyPct: 0 });
      const p0 = await pointsOf('evtuser1');
      const { cashIdx } = await deposit('evtuser1', 50_000);
      expect((await approve(cashIdx)).resultCode).toBe('0');
      expect(await pointsOf('evtuser1')).toBe(p0);
    });
  });
});
