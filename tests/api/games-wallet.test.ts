import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { share, toBp } from '../../src/server/domain/money/commissions.js';
import { forgetAllSites } from '../../src/server/domain/site/siteCache.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound } from './moneyKit.js';
import { callback, cashOf, tx, walletState } from './gamesKit.js';
import { canon } from './moneyWorld.js';

const SLOT = 'demo-slot';
const bet = (memId: string, txId: string, amount = 10_000, extra: Record<string, unknown> = {}) => ({
  memId,
  txId,
  roundId: `r-${txId}`,
  gameCode: 'lucky-sevens',
  amount,
  ...extra,
});

describe(`vendor wallet callbacks (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('refuses a bad signature, an unknown vendor and a bad body, changing nothing', async () => {
    const before = await walletState(s);
    const bad = await callback(s, SLOT, 'bet', bet('user1', tx()), { secret: null });
    expect([bad.status, bad.resultCode]).toEqual([401, 'W002']);
    const other = await callback(s, SLOT, 'bet', bet('user1', tx()), { secret: 'not-the-secret' });
    expect(other.resultCode).toBe('W002');
    expect((await callback(s, 'nope', 'bet', bet('user1', tx()), { secret: 'x' })).resultCode).toBe('W001');
    expect((await callback(s, SLOT, 'bet', { memId: 'user1', txId: tx() })).resultCode).toBe('V001');
    expect((await callback(s, SLOT, 'explode', {})).status).toBe(404);
    expect(await walletState(s)).toBe(before);
  });

  it('balance, bet, duplicate bet, win, duplicate win, second win', async () => {
    const u0 = await cashOf(s, 'user1');
    expect((await callback(s, SLOT, 'balance', { memId: 'user1' })).data.balance).toBe(u0.cash);
    const id = tx('b');
    const b1 = await callback(s, SLOT, 'bet', bet('user1', id));
    expect(b1.resultCode).toBe('0');
    expect(b1.data.balance).toBe(u0.cash - 10_000);
    const b2 = await callback(s, SLOT, 'bet', bet('user1', id));
    expect(b2.data).toEqual(b1.data);
    expect((await cashOf(s, 'user1')).cash).toBe(u0.cash - 10_000);
    const w1 = await callback(s, SLOT, 'win', { memId: 'user1', txId: `${id}:w`, betTxId: id, amount: 25_000 });
    expect(w1.data).toMatchObject({ balance: u0.cash + 15_000, status: 'win' });
    expect((await callback(s, SLOT, 'win', { memId: 'user1', txId: `${id}:w`, betTxId: id, amount: 25_000 })).data).toEqual(w1.data);
    expect((await callback(s, SLOT, 'win', { memId: 'user1', txId: `${id}:w2`, betTxId: id, amount: 99_000 })).resultCode).toBe('W004');
    expect((await cashOf(s, 'user1')).cash).toBe(u0.cash + 15_000);
    // a transaction id reused for another kind of call is a duplicate, not a replay
    expect((await callback(s, SLOT, 'rollback', { memId: 'user1', txId: id, betTxId: 'zzz' })).resultCode).toBe('C999');
  });

  it('win without bet and rollback of a settled bet are refused and change nothing', async () => {
    const id = tx('b');
    await callback(s, SLOT, 'bet', bet('user2', id));
    await callback(s, SLOT, 'win', { memId: 'user2', txId: `${id}:w`, betTxId: id, amount: 0 });
    const before = await walletState(s);
    expect((await callback(s, SLOT, 'win', { memId: 'user2', txId: tx(), betTxId: tx('never'), amount: 5_000 })).resultCode).toBe('W003');
    expect((await callback(s, SLOT, 'rollback', { memId: 'user2', txId: tx(), betTxId: id })).resultCode).toBe('W004');
    expect(await walletState(s)).toBe(before);
  });

  it('rollback returns the stake once, whatever its repeats; a win after it is refused', async () => {
    const u0 = await cashOf(s, 'user3');
    const id = tx('b');
    await callback(s, SLOT, 'bet', bet('user3', id, 7_000));
    const r1 = await callback(s, SLOT, 'rollback', { memId: 'user3', txId: `${id}:r`, betTxId: id });
    expect(r1.data).toMatchObject({ balance: u0.cash, status: 'cancel' });
    expect((await callback(s, SLOT, 'rollback', { memId: 'user3', txId: `${id}:r`, betTxId: id })).data).toEqual(r1.data);
    expect((await callback(s, SLOT, 'rollback', { memId: 'user3', txId: `${id}:r2`, betTxId: id })).data).toEqual(r1.data);
    expect((await callback(s, SLOT, 'win', { memId: 'user3', txId: `${id}:w`, betTxId: id, amount: 14_000 })).resultCode).toBe('W005');
    expect((await cashOf(s, 'user3')).cash).toBe(u0.cash);
  });

  it('rollback before its bet: answered, and the late bet is refused', async () => {
    const u0 = await cashOf(s, 'user4');
    const id = tx('late');
    expect((await callback(s, SLOT, 'rollback', { memId: 'user4', txId: `${id}:r`, betTxId: id })).resultCode).toBe('0');
    expect((await callback(s, SLOT, 'bet', bet('user4', id))).resultCode).toBe('W005');
    expect((await cashOf(s, 'user4')).cash).toBe(u0.cash);
  });

  it('refuses partners, limits, no money, bet lock and unknown games', async () => {
    const before = await walletState(s);
    expect((await callback(s, SLOT, 'bet', bet('ptn7', tx()))).resultCode).toBe('B0095');
    expect((await callback(s, SLOT, 'bet', bet('user5', tx(), 50))).resultCode).toBe('B6001');
    expect((await callback(s, SLOT, 'bet', bet('user5', tx(), 1_000_001))).resultCode).toBe('B6002');
    expect((await callback(s, SLOT, 'bet', bet('user5', tx(), 1_000, { maxPayout: 200_000_000 }))).resultCode).toBe('B6003');
    expect((await callback(s, SLOT, 'bet', bet('user5', tx(), 1_000, { gameCode: 'nope' }))).resultCode).toBe('B0092');
    const cash = (await cashOf(s, 'user5')).cash;
    expect((await callback(s, 'demo-hotel', 'bet', { ...bet('user5', tx(), cash + 5_000), gameCode: 'hotel-baccarat' })).resultCode).toBe('B6000');
    expect((await callback(s, SLOT, 'bet', bet('nobody', tx()))).resultCode).toBe('U001');
    await s.app.db.updateTable('site').set({ lock_bet_yn: 'Y' }).where('id', '=', s.siteId).execute();
    forgetAllSites();
    expect((await callback(s, SLOT, 'bet', bet('user5', tx()))).resultCode).toBe('B1001');
    await s.app.db.updateTable('site').set({ lock_bet_yn: 'N' }).where('id', '=', s.siteId).execute();
    forgetAllSites();
    expect(await walletState(s)).toBe(before);
  });

  it('concurrent duplicates move money once and all answer the first result', async () => {
    const u0 = await cashOf(s, 'user6');
    const id = tx('c');
    const bets = await Promise.all(Array.from({ length: 16 }, () => callback(s, SLOT, 'bet', bet('user6', id, 3_000))));
    expect(new Set(bets.map((b) => canon([b.resultCode, b.data]))).size).toBe(1);
    expect(bets[0].resultCode).toBe('0');
    const wins = await Promise.all(Array.from({ length: 16 }, () => callback(s, SLOT, 'win', { memId: 'user6', txId: `${id}:w`, betTxId: id, amount: 6_000 })));
    expect(new Set(wins.map((w) => canon([w.resultCode, w.data]))).size).toBe(1);
    expect((await cashOf(s, 'user6')).cash).toBe(u0.cash + 3_000);
    // a win racing rollbacks: exactly one of them applies
    const id2 = tx('race');
    await callback(s, SLOT, 'bet', bet('user6', id2, 4_000));
    const race = await Promise.all([
      callback(s, SLOT, 'win', { memId: 'user6', txId: `${id2}:w`, betTxId: id2, amount: 8_000 }),
      callback(s, SLOT, 'rollback', { memId: 'user6', txId: `${id2}:r`, betTxId: id2 }),
      callback(s, SLOT, 'rollback', { memId: 'user6', txId: `${id2}:r2`, betTxId: id2 }),
    ]);
    const applied = race.filter((r) => r.resultCode === '0');
    const cash = (await cashOf(s, 'user6')).cash;
    if (race[0].resultCode === '0') {
      expect(race.slice(1).map((r) => r.resultCode)).toEqual(['W004', 'W004']);
      expect(cash).toBe(u0.cash + 3_000 + 4_000);
    } else {
      expect(race[0].resultCode).toBe('W005');
      expect(applied.length).toBe(2);
      expect(cash).toBe(u0.cash + 3_000);
    }
    const rows = await s.app.db.selectFrom('bet').select(['status']).where('tx_id', 'in', [id, id2]).execute();
    expect(rows.length).toBe(2);
  });

  it('pays rolling to the player and differentially up the tree; the sum is floor(stake x top rate)', async () => {
    const path = ['user1', 'ptn7', 'ptn6', 'ptn5', 'ptn4', 'ptn3', 'ptn2', 'ptn1'];
    const before = await Promise.all(path.map((m) => cashOf(s, m)));
    const rates = await s.app.db
      .selectFrom('rate as r')
      .innerJoin('member as m', 'm.id', 'r.member_id')
      .select(['m.mem_id', 'r.point_rate', 'r.lose_rate'])
      .where('r.category', '=', 'slot')
      .where('m.mem_id', 'in', path)
      .execute();
    const bp = (m: string) => toBp(Number(rates.find((r) => r.mem_id === m)!.point_rate));
    const stake = 123_457;
    const id = tx('rl');
    await callback(s, SLOT, 'bet', bet('user1', id, stake));
    await callback(s, SLOT, 'win', { memId: 'user1', txId: `${id}:w`, betTxId: id, amount: 0 });
    const after = await Promise.all(path.map((m) => cashOf(s, m)));
    const paid = after.map((a, i) => a.point - before[i].point);
    expect(paid.every((p) => p >= 0)).toBe(true);
    expect(paid.reduce((a, b) => a + b, 0)).toBe(share(stake, bp('ptn1')));
    expect(paid[0]).toBe(share(stake, bp('user1')));
    expect(paid[1]).toBe(share(stake, bp('ptn7')) - share(stake, bp('user1')));
  });

  it('the ledger stays sound through it all', async () => {
    await expectSound(s.app.db, s.siteId);
  });

  // their foreign keys from the ledger, bets and wallet transactions were dropped (migration 150)
  it('refuses deleting a site, vendor or game that money points at', async () => {
    const db = s.app.db;
    await expect(db.deleteFrom('game').where('code', '=', 'lucky-sevens').execute()).rejects.toThrow(/never deleted/);
    await expect(db.deleteFrom('vendor').where('code', '=', SLOT).execute()).rejects.toThrow(/never deleted/);
    await expect(db.deleteFrom('site').where('id', '=', s.siteId).execute()).rejects.toThrow(/never deleted/);
    expect(await db.selectFrom('game').select('id').where('code', '=', 'lucky-sevens').executeTakeFirst()).toBeTruthy();
    await expectSound(db, s.siteId);
  });
});
