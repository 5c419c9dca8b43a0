import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCalls, adminSecurityCalls } from '../../src/contract/admin.js';
import { cashCalls } from '../../src/contract/cash.js';
import { couponCalls } from '../../src/contract/coupon.js';
import { retailCalls } from '../../src/contract/retail.js';
import { toWire } from '../../src/server/domain/common/time.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound, memberId, moneyCalls, rid } from './moneyKit.js';

/**
 * A money action's answer names the record it wrote, its number and its time as that record's
 * history shows them, so the receipt needs no read-back and never the device's clock; a replay
 * answers the same record.
 */
describe(`the record a money answer names (${testDb})`, () => {
  let s: TestServer;
  const { tok } = moneyCalls(() => s);
  const ok = <T>(r: { resultCode: string; resultMessage: string; data: T | null }) => {
    expect(r.resultCode, r.resultMessage).toBe('0');
    return r.data!;
  };
  /** the ledger row `memId` got from the movement of request `key` */
  const entryOf = async (key: string, memId: string) => {
    const row = await s.app.db
      .selectFrom('ledger_entry')
      .select(['id', 'created_at'])
      .where('request_key', '=', key)
      .where('member_id', '=', await memberId(s.app.db, s.siteId, memId))
      .executeTakeFirstOrThrow();
    return { logIdx: Number(row.id), regDate: toWire(row.created_at) };
  };

  beforeAll(async () => {
    // the server's clock an hour and a half off the machine's: the time answered is the server's
    s = await startTestServer({ clockOffsetMs: 90 * 60_000 });
  });
  afterAll(async () => {
    if (s) await expectSound(s.app.db, s.siteId);
    await s?.close();
  });

  it("the operator's grant and recovery answer the member's ledger row: its money history's row for cash", async () => {
    const admin = await tok('admin');
    const key = rid();
    const body = { memId: 'user11', cashAmt: 7_000, mode: 2 as const, requestId: key };
    const grant = ok(await s.call(adminCalls.grant, body, admin));
    expect(grant).toMatchObject(await entryOf(key, 'user11'));
    const history = ok(await s.call(cashCalls.moves, { page: 1 }, await tok('user11'))).list;
    expect(history.find((r) => r.moveIdx === grant.logIdx)).toMatchObject({ regDate: grant.regDate, amount: 7_000 });
    expect(ok(await s.call(adminCalls.grant, body, admin))).toEqual(grant);
    // the audit row of the grant names that ledger row too (the receipt leads there)
    const audit = ok(await s.call(adminSecurityCalls.auditList, { page: 1, count_per_list: 5, action: adminCalls.grant.path }, admin)).list;
    expect(audit[0]).toMatchObject({ target: 'memId=user11', after: { cashAmt: 7_000, logIdx: grant.logIdx } });

    const pointKey = rid();
    const recover = ok(await s.call(adminCalls.grant, { memId: 'user11', cashAmt: 1_000, mode: -2, kind: 'point', requestId: pointKey }, admin));
    expect(recover).toMatchObject(await entryOf(pointKey, 'user11'));
    expect(recover.logIdx).toBeGreaterThan(grant.logIdx);
  });

  it("a partner's give and retrieve answer the row of the history their receipt leads to", async () => {
    const ptn = await tok('ptn7');
    const give = ok(await s.call(retailCalls.cashIn, { memId: 'user4', inAmt: 3_000, requestId: rid() }, ptn));
    const back = ok(await s.call(retailCalls.cashOut, { memId: 'user4', outAmt: 2_000, requestId: rid() }, ptn));
    const sends = ok(await s.call(retailCalls.cashSendlist, { botMemId: 'user4', page: 1, count_per_list: 10 }, ptn)).list;
    for (const [answer, type, amount] of [
      [give, '-3', 3_000],
      [back, '3', 2_000],
    ] as const) {
      expect(sends.find((r) => r.cashIdx === answer.logIdx)).toMatchObject({ cashType: type, cashAmt: amount, regDate: answer.regDate });
    }

    const key = rid();
    const point = ok(await s.call(retailCalls.pointChange, { memId: 'user4', pointType: 2, pointAmt: 500, requestId: key }, ptn));
    const points = ok(await s.call(retailCalls.pointList, { searchType: 'memId', searchWord: 'user4', page: 1, count_per_list: 10 }, ptn)).list;
    expect(points.find((r) => r.pointIdx === point.logIdx)).toMatchObject({ memId: 'user4', pointAmt: 500, pointRegDate: point.regDate });
    expect(point).toMatchObject(await entryOf(key, 'user4'));
  });

  it("the operator's decision on a request answers the request's number and its decision time, as the queue shows them", async () => {
    const admin = await tok('admin');
    const asked = ok(await s.call(cashCalls.deposit, { cashAmt: 10_000, requestId: rid() }, await tok('user7')));
    expect(asked).toMatchObject({ cashStatus: 0 });
    ok(await s.call(adminCalls.cashProcess, { cashIdx: asked.cashIdx, cashStatus: 2, requestId: rid() }, admin));
    const key = rid();
    const decided = ok(await s.call(adminCalls.cashProcess, { cashIdx: asked.cashIdx, cashStatus: 1, requestId: key }, admin));
    const row = ok(await s.call(adminCalls.cashList, { memId: 'user7', page: 1 }, admin)).list.find((r) => r.cashIdx === asked.cashIdx);
    expect(row).toMatchObject({ cashStatus: 1, updDate: decided.updDate });
    expect(decided).toEqual({ cashIdx: asked.cashIdx, cashStatus: 1, updDate: decided.updDate });
    expect(decided).toMatchObject({ updDate: (await entryOf(key, 'user7')).regDate });
  });

  it("a coupon issue answers its number and time, each coupon's issue time in the issued list", async () => {
    const expireDate = toWire(new Date(s.now() + 86_400_000));
    const body = { target: 'member' as const, memId: 'user14', couponAmt: 2_000, couponCnt: 2, expireDate, requestId: rid() };
    const issued = ok(await s.call(couponCalls.adminIssue, body, await tok('admin')));
    const coupons = await s.app.db.selectFrom('coupon').select(['id', 'created_at']).where('issue_move', '=', issued.issueIdx).execute();
    expect(coupons.map((c) => toWire(c.created_at))).toEqual([issued.regDate, issued.regDate]);
    const listed = ok(await s.call(couponCalls.adminList, { memId: 'user14', page: 1, count_per_list: 20 }, await tok('admin'))).list;
    expect(listed.filter((c) => coupons.some((x) => Number(x.id) === c.couponIdx)).map((c) => c.regDate)).toEqual([issued.regDate, issued.regDate]);
    expect(ok(await s.call(couponCalls.adminIssue, body, await tok('admin')))).toEqual(issued);
  });
});
