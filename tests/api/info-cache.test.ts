/**
 * /api/member/info answers a player from memory (domain/auth/infoCache.ts). Every movement of the
 * player's money must show on the very next info call, on the instance that moved it and, through
 * the fan-out, on any other: the movement's call answers only after Redis took its CASH event.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCalls } from '../../src/contract/admin.js';
import { cashCalls } from '../../src/contract/cash.js';
import { couponCalls } from '../../src/contract/coupon.js';
import { gameCalls } from '../../src/contract/game.js';
import { memberCalls } from '../../src/contract/member.js';
import { partnerCalls } from '../../src/contract/partner.js';
import { pointCalls } from '../../src/contract/point.js';
import { retailCalls } from '../../src/contract/retail.js';
import { memberInfoAndUnread } from '../../src/server/domain/auth/account.js';
import { roomyLimits, startTestServer, testDb, type TestServer } from './harness.js';
import { rid } from './moneyKit.js';
import { nodeOf, twoNodes, type Node } from './nodeKit.js';

const redisUrl = process.env.REDIS_URL || (process.env.PITBOSS_TEST_REDIS ? 'redis://127.0.0.1:6379' : undefined);

const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Every movement made on `a`, the player's info read on `b` at once (the same instance or another). */
function cases(nodes: () => { a: Node; b: Node }) {
  const tokens = new Map<string, string>();
  const tok = async (memId: string) => {
    if (!tokens.has(memId)) tokens.set(memId, await nodes().a.login(memId));
    return tokens.get(memId)!;
  };
  /** What `b` answers for the player's info. */
  const shown = async (memId: string) => {
    const r = await nodes().b.call(memberCalls.info, {}, await tok(memId));
    expect(r.resultCode).toBe('0');
    return { member: r.data!.member, msgInfo: r.data!.msgInfo };
  };
  /** The player's info as the database has it now. */
  const truth = async (memId: string) => {
    const { db } = nodes().a.app;
    const { id } = await db.selectFrom('member').select('id').where('mem_id', '=', memId).executeTakeFirstOrThrow();
    return memberInfoAndUnread(db, id);
  };
  /** `b` keeps the player's answer, the movement runs on `a`, and `b`'s next answer is the database's. */
  async function exactAfter(memId: string, move: () => Promise<unknown>) {
    const before = await shown(memId);
    expect(await shown(memId)).toEqual(before);
    await move();
    const after = await shown(memId);
    expect(after).toEqual(await truth(memId));
    expect(after).not.toEqual(before);
  }
  const ok = async (p: Promise<{ resultCode: string }>) => expect((await p).resultCode).toBe('0');

  it('a deposit approved', async () => {
    const { a } = nodes();
    const d = await a.call(cashCalls.deposit, { cashAmt: 30_000, requestId: rid() }, await tok('user1'));
    expect(d.resultCode).toBe('0');
    await ok(a.call(adminCalls.cashProcess, { cashIdx: d.data!.cashIdx, cashStatus: 2, requestId: rid() }, await tok('admin')));
    await exactAfter('user1', async () => ok(a.call(adminCalls.cashProcess, { cashIdx: d.data!.cashIdx, cashStatus: 1, requestId: rid() }, await tok('admin'))));
  });

  it('a bet, its win (cash and the rolling points) and a rollback', async () => {
    const { a } = nodes();
    const tx = `info-${randomBytes(6).toString('hex')}`;
    const call = (action: string, body: Record<string, unknown>) => async () => expect(await a.wallet('demo-slot', action, { memId: 'user2', ...body })).toBe('0');
    await exactAfter('user2', call('bet', { txId: tx, roundId: tx, gameCode: 'lucky-sevens', amount: 5_000 }));
    await exactAfter('user2', call('win', { txId: `${tx}:w`, betTxId: tx, amount: 12_000 }));
    const lost = `${tx}-r`;
    await exactAfter('user2', call('bet', { txId: lost, roundId: lost, gameCode: 'lucky-sevens', amount: 3_000 }));
    await exactAfter('user2', call('rollback', { txId: `${lost}:r`, betTxId: lost }));
  });

  it('a transfer vendor: the launch moves cash to game money, its bet and win move game money', async () => {
    const { a } = nodes();
    const token = await tok('user9');
    await ok(a.call(adminCalls.grant, { memId: 'user9', cashAmt: 50_000, mode: 2, requestId: rid() }, await tok('admin')));
    await exactAfter('user9', async () => ok(a.call(gameCalls.launch, { vendorKey: 'demo-live', gameKey: 'baccarat-a' }, token)));
    const tx = `info-live-${randomBytes(6).toString('hex')}`;
    const call = (action: string, body: Record<string, unknown>) => async () => expect(await a.wallet('demo-live', action, { memId: 'user9', ...body })).toBe('0');
    await exactAfter('user9', call('bet', { txId: tx, roundId: tx, gameCode: 'baccarat-a', amount: 2_000 }));
    await exactAfter('user9', call('win', { txId: `${tx}:w`, betTxId: tx, amount: 4_000 }));
  });

  it("a partner's give and retrieve of cash and points", async () => {
    const { a } = nodes();
    const ptn7 = await tok('ptn7');
    await ok(a.call(adminCalls.grant, { memId: 'ptn7', cashAmt: 100_000, mode: 2, kind: 'point', requestId: rid() }, await tok('admin')));
    await exactAfter('user3', async () => ok(a.call(retailCalls.cashIn, { memId: 'user3', inAmt: 20_000, requestId: rid() }, ptn7)));
    await exactAfter('user3', async () => ok(a.call(retailCalls.cashOut, { memId: 'user3', outAmt: 5_000, requestId: rid() }, ptn7)));
    await exactAfter('user3', async () => ok(a.call(retailCalls.pointChange, { memId: 'user3', pointType: 2, pointAmt: 30_000, requestId: rid() }, ptn7)));
    await exactAfter('user3', async () => ok(a.call(retailCalls.pointChange, { memId: 'user3', pointType: -2, pointAmt: 1_000, requestId: rid() }, ptn7)));
  });

  it("the operator's grant and retrieve", async () => {
    const { a } = nodes();
    const admin = await tok('admin');
    await exactAfter('user4', async () => ok(a.call(adminCalls.grant, { memId: 'user4', cashAmt: 7_000, mode: 2, requestId: rid() }, admin)));
    await exactAfter('user4', async () => ok(a.call(adminCalls.grant, { memId: 'user4', cashAmt: 2_000, mode: -2, requestId: rid() }, admin)));
  });

  it('points converted to cash', async () => {
    const { a } = nodes();
    await ok(a.call(adminCalls.grant, { memId: 'user5', cashAmt: 20_000, mode: 2, kind: 'point', requestId: rid() }, await tok('admin')));
    await exactAfter('user5', async () => ok(a.call(pointCalls.convert, { pointAmt: 10_000, requestId: rid() }, await tok('user5'))));
  });

  it('a coupon issued, then redeemed', async () => {
    const { a } = nodes();
    const unread = (await truth('user6')).msgInfo.newMsg;
    await ok(a.call(couponCalls.adminIssue, { target: 'member', memId: 'user6', couponAmt: 4_000, couponCnt: 1, expireDate: later(30), requestId: rid() }, await tok('admin')));
    // the arrival's message (MSG) comes after the issue answered: its unread count too, once it is there
    await expect.poll(async () => (await truth('user6')).msgInfo.newMsg, { timeout: 5_000, interval: 20 }).toBeGreaterThan(unread);
    await expect.poll(async () => shown('user6'), { timeout: 2_000, interval: 10 }).toEqual(await truth('user6'));
    const box = (await a.call(couponCalls.box, { status: 'open', page: 1 }, await tok('user6'))).data!;
    const idx = box.list[0]!.couponIdx;
    await exactAfter('user6', async () => ok(a.call(couponCalls.use, { couponIdx: idx, requestId: rid() }, await tok('user6'))));
  });

  it("a partner's change of the nickname, which no event announces", async () => {
    const { a } = nodes();
    await exactAfter('user7', async () => ok(a.call(partnerCalls.detailInfoSave, { memId: 'user7', memNick: `nick${randomBytes(3).toString('hex')}` }, await tok('ptn6'))));
  });
}

describe(`member info kept in memory, one instance (${testDb})`, () => {
  let s: TestServer;
  let node: Node;
  beforeAll(async () => {
    s = await startTestServer({ limits: roomyLimits() });
    node = nodeOf(s, s.siteId, s.apiKey);
  });
  afterAll(async () => {
    await s?.close();
  });

  cases(() => ({ a: node, b: node }));

  it('is answered from memory: a row changed behind its back shows only once the change is announced', async () => {
    const token = await node.login('user8');
    const name = async () => (await node.call(memberCalls.info, {}, token)).data!.member.memName;
    const first = await name();
    await s.app.db.updateTable('member').set({ mem_name: 'renamed' }).where('mem_id', '=', 'user8').execute();
    expect(await name()).toBe(first);
    await s.app.infoCache.changed(s.siteId, 'user8');
    expect(await name()).toBe('renamed');
  });

  it("keeps no partner's answer: its shown points grow with its downline's rolling, without an event", async () => {
    const token = await node.login('ptn7');
    const name = async () => (await node.call(memberCalls.info, {}, token)).data!.member.memName;
    await name();
    await s.app.db.updateTable('member').set({ mem_name: 'renamed' }).where('mem_id', '=', 'ptn7').execute();
    expect(await name()).toBe('renamed');
  });
});

describe.skipIf(!redisUrl || testDb !== 'postgres')('member info kept in memory, two instances on one PostgreSQL database through Redis', () => {
  cases(twoNodes(redisUrl!));
});
