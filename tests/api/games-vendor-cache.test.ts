/**
 * The vendor kept in memory for the wallet callbacks: past its time it is read again once, and the
 * callbacks arriving meanwhile answer from the entry they have (a vendor's concurrent load is not a
 * burst of reads every period); an entry two periods old is waited for.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetVendors, vendorByCode } from '../../src/server/domain/games/wallet.js';
import { startTestServer, testDb, type TestServer } from './harness.js';

describe(`the kept vendor (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());
  afterEach(() => vi.restoreAllMocks());

  const setMaxBet = (maxBet: number) => s.app.db.updateTable('vendor').set({ max_bet: maxBet }).where('site_id', '=', 'demo').where('code', '=', 'demo-slot').execute();
  const later = (ms: number) => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + ms);
  };

  it('past its time: the callbacks meanwhile answer from the kept entry while one read brings the change', async () => {
    forgetVendors(s.app.db);
    const first = (await vendorByCode(s.app.db, 'demo', 'demo-slot'))!;
    await setMaxBet(first.maxBet + 1);
    later(6_000);
    const meanwhile = await Promise.all(Array.from({ length: 8 }, () => vendorByCode(s.app.db, 'demo', 'demo-slot')));
    expect(meanwhile.map((v) => v!.maxBet)).toEqual(Array(8).fill(first.maxBet));
    await vi.waitFor(async () => expect((await vendorByCode(s.app.db, 'demo', 'demo-slot'))!.maxBet).toBe(first.maxBet + 1));
    await setMaxBet(first.maxBet);
  });

  it('two periods old: the read is waited for', async () => {
    forgetVendors(s.app.db);
    const first = (await vendorByCode(s.app.db, 'demo', 'demo-slot'))!;
    await setMaxBet(first.maxBet + 2);
    later(11_000);
    expect((await vendorByCode(s.app.db, 'demo', 'demo-slot'))!.maxBet).toBe(first.maxBet + 2);
    await setMaxBet(first.maxBet);
  });
});
