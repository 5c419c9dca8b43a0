/**
 * Sessions and site rows are answered from per-process caches. Every sign-out and every
 * operator site change must still hold on the very next call on the instance that made it, and
 * on any other instance sharing the database as soon as Redis delivers the fan-out message.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/contract/define.js';
import { resolveSession } from '../../src/server/domain/auth/sessions.js';
import { toWire } from '../../src/server/domain/common/time.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { adminSiteCalls } from '../../src/contract/site.js';
import { commonCalls } from '../../src/contract/common.js';
import { memberCalls } from '../../src/contract/member.js';
import { partnerCalls } from '../../src/contract/partner.js';
import { nodeOf, twoNodes, type Node } from './nodeKit.js';

const redisUrl = process.env.REDIS_URL || (process.env.PITBOSS_TEST_REDIS ? 'redis://127.0.0.1:6379' : undefined);

const code = async (p: Promise<Envelope<unknown>>) => (await p).resultCode;

/** The cases, with every change made on `a` and checked on `b` (the same instance or another). */
function cases(nodes: () => { a: Node; b: Node }) {
  /**
   * What `b` answers after a change made on `a`: on the same instance, the very next call; on
   * another, as soon as the fan-out message lands (Redis delivers it within milliseconds, but it
   * can arrive after `a` has answered).
   */
  async function onB<T>(read: () => Promise<T>, want: T) {
    const { a, b } = nodes();
    if (a === b) expect(await read()).toEqual(want);
    else await expect.poll(read, { timeout: 2_000, interval: 10 }).toEqual(want);
  }
  /** A token whose session both instances hold in memory. */
  async function warm(memId: string) {
    const { a, b } = nodes();
    const token = await a.login(memId);
    expect(await code(a.call(memberCalls.info, {}, token))).toBe('0');
    expect(await code(b.call(memberCalls.info, {}, token))).toBe('0');
    return token;
  }

  it('logout is refused on the next call', async () => {
    const { a, b } = nodes();
    const token = await warm('user2');
    expect(await code(a.call(memberCalls.logout, {}, token))).toBe('0');
    await onB(() => code(b.call(memberCalls.info, {}, token)), 'TK001');
    expect(await code(a.call(memberCalls.info, {}, token))).toBe('TK001');
  });

  it('a newer login supersedes the cached session: TK999 on the next call', async () => {
    const { a, b } = nodes();
    const old = await warm('user3');
    const fresh = await a.login('user3');
    await onB(() => code(b.call(memberCalls.info, {}, old)), 'TK999');
    await onB(() => code(b.call(memberCalls.userCash, {}, old)), 'TK999');
    await onB(() => code(b.call(memberCalls.info, {}, fresh)), '0');
  });

  it("the operator's forced sign-out and a partner's login block hold on the next call", async () => {
    const { a, b } = nodes();
    const admin = await a.login('admin');
    const forced = await warm('user4');
    expect((await a.call(adminSiteCalls.forceLogout, { memId: 'user4' }, admin)).data).toEqual({ ended: 1 });
    await onB(() => code(b.call(memberCalls.info, {}, forced)), 'TK001');

    const blocked = await warm('user5');
    const ptn7 = await a.login('ptn7');
    expect(await code(a.call(partnerCalls.detailInfoSave, { memId: 'user5', loginYn: 'N' }, ptn7))).toBe('0');
    await onB(() => code(b.call(memberCalls.info, {}, blocked)), 'TK001');
    await a.call(partnerCalls.detailInfoSave, { memId: 'user5', loginYn: 'Y' }, ptn7);
  });

  it('a refreshed expiry is what both instances answer next', async () => {
    const { a, b } = nodes();
    const token = await a.login('user6');
    const memberId = (await a.app.db.selectFrom('member').select('id').where('mem_id', '=', 'user6').executeTakeFirstOrThrow()).id;
    const soon = new Date(Date.now() + 3 * 60_000);
    await a.app.db.updateTable('session').set({ expires_at: soon }).where('member_id', '=', memberId).where('ended_at', 'is', null).execute();
    expect((await a.call(memberCalls.info, {}, token)).data!.expiresIn).toBeLessThanOrEqual(180);
    expect((await b.call(memberCalls.info, {}, token)).data!.expiresIn).toBeLessThanOrEqual(180);
    const r = await a.call(memberCalls.getToken, {}, token);
    expect(r.resultCode).toBe('0');
    for (const n of [a, b]) {
      const info = await n.call(memberCalls.info, {}, token);
      expect(info.data!.expiresAt).toBe(r.data!.expiresAt);
      expect(info.data!.expiresIn).toBeGreaterThan(239 * 60);
    }
  });

  it("the operator's bet lock holds on the next wallet bet", async () => {
    const { a, b } = nodes();
    const admin = await a.login('admin');
    const bet = () => b.wallet('demo-slot', 'bet', { memId: 'user8', txId: `lock-${randomBytes(6).toString('hex')}`, roundId: 'r1', gameCode: 'lucky-sevens', amount: 1_000 });
    expect(await bet()).toBe('0');
    expect(await code(a.call(adminSiteCalls.lockBet, { lockBetYn: 'Y' }, admin))).toBe('0');
    try {
      await onB(bet, 'B1001');
    } finally {
      expect(await code(a.call(adminSiteCalls.lockBet, { lockBetYn: 'N' }, admin))).toBe('0');
    }
    await onB(bet, '0');
  });

  it("an operator's site change is seen by the next call", async () => {
    const { a, b } = nodes();
    const admin = await a.login('admin');
    const user = await a.login('user7');
    await onB(async () => (await b.call(commonCalls.siteCheckInfo, {})).data!.inAmtYn, 'Y');
    expect(await code(a.call(adminSiteCalls.cashSwitch, { inAmtYn: 'N' }, admin))).toBe('0');
    await onB(async () => (await b.call(commonCalls.siteCheckInfo, {})).data!.inAmtYn, 'N');
    await a.call(adminSiteCalls.cashSwitch, { inAmtYn: 'Y' }, admin);
    await onB(async () => (await b.call(commonCalls.siteCheckInfo, {})).data!.inAmtYn, 'Y');

    // the maintenance window, read from the cached site row by every call's gate
    await onB(() => code(b.call(memberCalls.info, {}, user)), '0');
    const now = Date.now();
    const window = { startDate: toWire(new Date(now - 60_000)), endDate: toWire(new Date(now + 3_600_000)) };
    expect(await code(a.call(adminSiteCalls.siteCheck, window, admin))).toBe('0');
    await onB(() => code(b.call(memberCalls.info, {}, user)), 'B0093');
    expect(await code(a.call(adminSiteCalls.siteCheck, { startDate: null, endDate: null }, admin))).toBe('0');
    await onB(() => code(b.call(memberCalls.info, {}, user)), '0');
  });
}

describe(`session and site caches, one instance (${testDb})`, () => {
  let s: TestServer;
  let node: Node;
  beforeAll(async () => {
    s = await startTestServer();
    node = nodeOf(s, s.siteId, s.apiKey);
  });
  afterAll(async () => {
    await s?.close();
  });

  cases(() => ({ a: node, b: node }));

  it('checks the expiry against the clock on every hit', async () => {
    const token = await node.login('user8');
    expect(await code(node.call(memberCalls.info, {}, token))).toBe('0');
    const clock = s.app.clock as unknown as { offsetMs: number };
    clock.offsetMs = 241 * 60_000;
    try {
      expect(await code(node.call(memberCalls.info, {}, token))).toBe('TK002');
    } finally {
      clock.offsetMs = 0;
    }
    expect(await code(node.call(memberCalls.info, {}, token))).toBe('0');
  });

  it("answers TK001 for another site's cached token, as the database would", async () => {
    const token = await node.login('user9');
    expect(await code(node.call(memberCalls.info, {}, token))).toBe('0');
    await expect(resolveSession(s.app.db, 'other-site', token, new Date(), s.app.sessions)).rejects.toMatchObject({ code: 'TK001' });
  });
});

describe.skipIf(!redisUrl || testDb !== 'postgres')('session and site caches, two instances on one PostgreSQL database through Redis', () => {
  cases(twoNodes(redisUrl!));
});
