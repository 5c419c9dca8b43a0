import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound, memberId, moneyCalls, moneyState, rid } from './moneyKit.js';
import { callback, tx, walletState } from './gamesKit.js';
import { adminCalls, adminSecurityCalls } from '../../src/contract/admin.js';
import { cashCalls } from '../../src/contract/cash.js';
import { gameCalls } from '../../src/contract/game.js';
import { protectionCalls, type LimitKind } from '../../src/contract/protection.js';
import { memberCalls } from '../../src/contract/member.js';
import { partnerCalls } from '../../src/contract/partner.js';
import { adminSiteCalls } from '../../src/contract/site.js';
import { retailCalls } from '../../src/contract/retail.js';

const DAY = 86_400_000;
const PASS = 'demo1234!';
const SLOT = 'demo-slot';
const bet = (memId: string, amount: number) => {
  const id = tx('p');
  return { memId, txId: id, roundId: `r-${id}`, gameCode: 'lucky-sevens', amount };
};

describe(`player protection (${testDb})`, () => {
  let s: TestServer;
  const { tok } = moneyCalls(() => s);
  const clock = () => s.app.clock as unknown as { offsetMs: number };
  /** What the member may still deposit or lose in its tightest period (the movements' own figure). */
  const left = async (memId: string, what: 'deposit' | 'loss') => {
    const id = await memberId(s.app.db, s.siteId, memId);
    const { rows } = await sql<{ r: string | null }>`select protection_left(${id}::bigint, ${what}, ${new Date(s.now())}::timestamptz) as r`.execute(s.app.db);
    return rows[0].r === null ? null : Number(rows[0].r);
  };
  /**
   * Sets the limit so that exactly `room` is left in the period, whatever the demo history already
   * used: a player ahead (negative net loss) cannot be given a limit that small, so its surplus is
   * staked first (open bets count as lost), on cash the operator grants.
   */
  const leaveRoom = async (memId: string, kind: LimitKind, room: number) => {
    const token = await tok(memId);
    const what = kind.startsWith('deposit') ? 'deposit' : 'loss';
    expect((await s.call(protectionCalls.limits, { kind, amount: 1_000_000_000, curPass: PASS }, token)).resultCode).toBe('0');
    const used = 1_000_000_000 - (await left(memId, what))!;
    // the smallest limit above 0 that leaves room plus whole bets of 10,000
    const extra = Math.max(0, Math.ceil((1_000 - used - room) / 10_000)) * 10_000;
    expect((await s.call(protectionCalls.limits, { kind, amount: used + room + extra, curPass: PASS }, token)).resultCode).toBe('0');
    let surplus = (await left(memId, what))! - room;
    if (surplus > 0) {
      expect(what).toBe('loss');
      const grant = await s.call(adminCalls.grant, { memId, cashAmt: surplus, mode: 2, requestId: rid() }, await tok('admin'));
      expect(grant.resultCode).toBe('0');
    }
    while (surplus > 0) {
      const stake = Math.min(surplus, 100_000);
      expect((await callback(s, SLOT, 'bet', bet(memId, stake))).resultCode).toBe('0');
      surplus -= stake;
    }
    expect(await left(memId, what)).toBe(room);
  };

  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    if (s) await expectSound(s.app.db, s.siteId);
    await s?.close();
  });

  it('a lower limit is in force at once, a higher or removed one after 24 hours', async () => {
    let token = await tok('user1');
    const row = async (kind: string) => (await s.call(protectionCalls.protection, {}, token)).data!.limits.find((l: { kind: string }) => l.kind === kind);
    expect(await row('deposit_week')).toEqual({ kind: 'deposit_week', amount: null, pending: false, pendingAmount: null, appliesAt: null });
    await s.call(protectionCalls.limits, { kind: 'deposit_week', amount: 500_000 }, token);
    expect(await row('deposit_week')).toMatchObject({ amount: 500_000, pending: false });
    await s.call(protectionCalls.limits, { kind: 'deposit_week', amount: 300_000 }, token);
    expect(await row('deposit_week')).toMatchObject({ amount: 300_000, pending: false });

    const raised = await s.call(protectionCalls.limits, { kind: 'deposit_week', amount: 800_000, curPass: PASS }, token);
    const r = raised.data!.limits.find((l: { kind: string }) => l.kind === 'deposit_week');
    expect(r).toMatchObject({ amount: 300_000, pending: true, pendingAmount: 800_000 });
    expect(r!.appliesAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const base = clock().offsetMs;
    try {
      // a day on, the session has lapsed: sign in again
      clock().offsetMs = base + DAY - 60_000;
      token = await s.login('user1');
      expect(await row('deposit_week')).toMatchObject({ amount: 300_000, pending: true });
      clock().offsetMs = base + DAY + 60_000;
      expect(await row('deposit_week')).toMatchObject({ amount: 800_000, pending: false, pendingAmount: null });
      // removing waits its 24 hours too; lowering meanwhile is again at once
      await s.call(protectionCalls.limits, { kind: 'deposit_week', amount: null, curPass: PASS }, token);
      expect(await row('deposit_week')).toMatchObject({ amount: 800_000, pending: true, pendingAmount: null });
      await s.call(protectionCalls.limits, { kind: 'deposit_week', amount: 200_000 }, token);
      expect(await row('deposit_week')).toMatchObject({ amount: 200_000, pending: false });
    } finally {
      clock().offsetMs = base;
    }
    token = await s.login('user1');
    expect((await s.call(protectionCalls.limits, { kind: 'deposit_week', amount: 0 }, token)).resultCode).toBe('V001');
    expect((await s.loose(token)(protectionCalls.limits, { kind: 'nope', amount: 1000 })).resultCode).toBe('V001');
    // partners do not play: protection is the players'
    expect((await s.call(protectionCalls.protection, {}, await tok('ptn7'))).resultCode).toBe('A001');
  });

  it('a deposit past a deposit limit answers C104 and changes nothing', async () => {
    const token = await tok('user3');
    await leaveRoom('user3', 'deposit_day', 50_000);
    const before = await moneyState(s);
    const over = await s.call(cashCalls.deposit, { requestId: rid(), cashAmt: 51_000 }, token);
    expect(over.resultCode).toBe('C104');
    expect(await moneyState(s)).toBe(before);
    const fits = await s.call(cashCalls.deposit, { requestId: rid(), cashAmt: 50_000 }, token);
    expect(fits.resultCode).toBe('0');
    // the waiting request counts: nothing is left today
    expect(await left('user3', 'deposit')).toBe(0);
    expect((await s.call(cashCalls.cancel, { requestId: rid(), cashIdx: fits.data!.cashIdx }, token)).resultCode).toBe('0');
  });

  it('a bet past the loss limit is refused (B6010) with the ledger unchanged; then the launch answers B6011', async () => {
    await leaveRoom('user4', 'loss_month', 20_000);
    expect((await callback(s, SLOT, 'bet', bet('user4', 10_000))).resultCode).toBe('0');
    const before = await walletState(s);
    const over = await callback(s, SLOT, 'bet', bet('user4', 15_000));
    expect([over.status, over.resultCode]).toEqual([200, 'B6010']);
    expect(await walletState(s)).toBe(before);
    expect((await callback(s, SLOT, 'bet', bet('user4', 10_000))).resultCode).toBe('0');
    expect(await left('user4', 'loss')).toBe(0);
    const launch = await s.call(gameCalls.launch, { vendorKey: SLOT }, await tok('user4'));
    expect(launch.resultCode).toBe('B6011');
  });

  it('a break signs the player out, refuses login with its end, and nobody lifts it early', async () => {
    const token = await s.login('user5');
    expect((await s.call(protectionCalls.takeBreak, { kind: 'break', length: 43 }, token)).resultCode).toBe('V002');
    expect((await s.call(protectionCalls.takeBreak, { kind: 'exclusion', length: 5 }, token)).resultCode).toBe('V002');
    const r = await s.call(protectionCalls.takeBreak, { kind: 'break', length: 2 }, token);
    expect(r.resultCode).toBe('0');
    expect((await s.call(memberCalls.info, {}, token)).resultCode).toBe('TK001');
    const refused = async () => {
      const c = await s.call(memberCalls.login, { memId: 'user5', memPass: 'demo1234!' });
      expect(c.resultCode).toBe('U020');
      expect(c.data).toEqual({ until: r.data!.until });
    };
    await refused();
    expect((await callback(s, SLOT, 'bet', bet('user5', 10_000))).resultCode).toBe('U020');

    // every operator and partner switch on the member leaves the break in place
    const admin = await tok('admin');
    expect((await s.call(adminSecurityCalls.memberUnlock, { memId: 'user5' }, admin)).resultCode).toBe('0');
    const ptn = await tok('ptn7');
    expect((await s.call(partnerCalls.detailInfoSave, { memId: 'user5', loginYn: 'N' }, ptn)).resultCode).toBe('0');
    expect((await s.call(partnerCalls.detailInfoSave, { memId: 'user5', loginYn: 'Y' }, ptn)).resultCode).toBe('0');
    expect((await s.call(partnerCalls.detailUnlock, { memId: 'user5' }, ptn)).resultCode).toBe('0');
    expect((await s.call(adminSiteCalls.forceLogout, { memId: 'user5' }, admin)).resultCode).toBe('0');
    // whatever the member's own status and login switch say
    await s.app.db.updateTable('member').set({ status: 'ACTIVE', login_yn: 'Y' }).where('site_id', '=', s.siteId).where('mem_id', '=', 'user5').execute();
    await refused();
    // the partner above sees it, read only
    const seen = await s.call(partnerCalls.detailInfo, { memId: 'user5' }, ptn);
    expect(seen.data!.protection).toMatchObject({ breakUntil: r.data!.until, excludedUntil: null });
    expect((await s.call(adminSecurityCalls.memberState, { memId: 'user5' }, admin)).data!.protection).toMatchObject({ breakUntil: r.data!.until });

    const base = clock().offsetMs;
    try {
      clock().offsetMs = base + 2 * DAY - 60_000;
      await refused();
      clock().offsetMs = base + 2 * DAY + 60_000;
      expect(await s.login('user5')).toBeTruthy();
    } finally {
      clock().offsetMs = base;
    }
  });

  it('self-exclusion runs at least six months and a break cannot shorten it', async () => {
    const token = await s.login('user6');
    const r = await s.call(protectionCalls.takeBreak, { kind: 'exclusion', length: 6 }, token);
    expect(r.resultCode).toBe('0');
    const until = new Date(`${r.data!.until.replace(' ', 'T')}+09:00`).getTime();
    expect(until - s.now()).toBeGreaterThan(180 * DAY);
    expect(until - s.now()).toBeLessThan(185 * DAY);
    const c = await s.call(memberCalls.login, { memId: 'user6', memPass: 'demo1234!' });
    expect(c.resultCode).toBe('U021');
    expect(c.data).toEqual({ until: r.data!.until });
    // the account is signed out: no way in to change anything
    expect((await s.call(protectionCalls.takeBreak, { kind: 'break', length: 1 }, token)).resultCode).toBe('TK001');
  });

  it('a member on its own break receives no give or grant (U020), and its money stays retrievable', async () => {
    const token = await s.login('user8');
    const parent = await s.app.db
      .selectFrom('member as m')
      .innerJoin('member as p', 'p.id', 'm.parent_id')
      .select('p.mem_id')
      .where('m.site_id', '=', s.siteId)
      .where('m.mem_id', '=', 'user8')
      .executeTakeFirstOrThrow();
    expect((await s.call(protectionCalls.takeBreak, { kind: 'break', length: 1 }, token)).resultCode).toBe('0');
    const before = await moneyState(s);
    const admin = await tok('admin');
    const ptn = await tok(parent.mem_id);
    expect((await s.call(adminCalls.grant, { memId: 'user8', cashAmt: 10_000, mode: 2, requestId: rid() }, admin)).resultCode).toBe('U020');
    expect((await s.call(adminCalls.grant, { memId: 'user8', cashAmt: 10_000, mode: 2, kind: 'point', requestId: rid() }, admin)).resultCode).toBe('U020');
    expect((await s.call(retailCalls.cashIn, { memId: 'user8', inAmt: 10_000, requestId: rid() }, ptn)).resultCode).toBe('U020');
    expect((await s.call(retailCalls.pointChange, { memId: 'user8', pointType: 2, pointAmt: 100, requestId: rid() }, ptn)).resultCode).toBe('U020');
    expect(await moneyState(s)).toBe(before);
    // the money the member holds can still be taken back by the operator or its partner
    expect((await s.call(adminCalls.grant, { memId: 'user8', cashAmt: 1_000, mode: -2, requestId: rid() }, admin)).resultCode).toBe('0');
    expect((await s.call(retailCalls.cashOut, { memId: 'user8', outAmt: 1_000, requestId: rid() }, ptn)).resultCode).toBe('0');
  });

  it('reality check: the interval, and the session figures', async () => {
    const token = await s.login('user7');
    const st = await s.call(protectionCalls.protection, {}, token);
    expect(st.data).toMatchObject({ realityMinutes: null, realityDefault: 60 });
    expect((await s.call(protectionCalls.realityCheck, { minutes: 15 }, token)).data!.realityMinutes).toBe(15);
    expect((await s.call(protectionCalls.realityCheck, { minutes: 0 }, token)).data!.realityMinutes).toBe(0);
    expect((await s.call(protectionCalls.realityCheck, { minutes: 17 }, token)).resultCode).toBe('V001');
    const b = bet('user7', 10_000);
    await callback(s, SLOT, 'bet', b);
    await callback(s, SLOT, 'win', { memId: 'user7', txId: `${b.txId}:w`, betTxId: b.txId, amount: 4_000 });
    const p = await s.call(protectionCalls.playSession, {}, token);
    expect(p.data).toMatchObject({ betAmt: 10_000, winAmt: 4_000, net: -6_000 });
  });
});
