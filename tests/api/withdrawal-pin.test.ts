import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/domain/auth/passwords.js';
import { configurePinKey, hashPin, verifyPin } from '../../src/server/domain/auth/pins.js';
import { bankSafeOffset, startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound, moneyCalls, rid } from './moneyKit.js';
import { cashCalls } from '../../src/contract/cash.js';

describe(`withdrawal PIN hashes (${testDb})`, () => {
  let s: TestServer;
  const { tok } = moneyCalls(() => s);
  const hashOf = async (memId: string) =>
    (await s.app.db.selectFrom('member').select('cash_out_pass_hash').where('site_id', '=', s.siteId).where('mem_id', '=', memId).executeTakeFirstOrThrow()).cash_out_pass_hash!;
  const setHash = (memId: string, hash: string) =>
    s.app.db.updateTable('member').set({ cash_out_pass_hash: hash }).where('site_id', '=', s.siteId).where('mem_id', '=', memId).execute();
  const withdraw = async (memId: string, cashOutPass: string) => {
    const r = await s.loose(await tok(memId))(cashCalls.withdraw, { cashAmt: 10_000, cashOutPass, requestId: rid() });
    if (r.resultCode === '0') await s.loose(await tok(memId))(cashCalls.cancel, { cashIdx: r.data.cashIdx, requestId: rid() });
    return r.resultCode;
  };

  beforeAll(async () => {
    s = await startTestServer({ clockOffsetMs: bankSafeOffset() });
  });
  afterAll(async () => {
    configurePinKey(undefined);
    if (s) await expectSound(s.app.db, s.siteId);
    await s?.close();
  });

  it('a copy of the member rows alone cannot check a PIN: it is keyed by a secret they do not hold', async () => {
    const stored = await hashOf('user6');
    expect(stored).toMatch(/^pin1\$/);
    // what an attacker holding only the row would try: the stored salt and cost over the PIN itself
    expect(await verifyPassword('1234', `scrypt$${stored.split('$').slice(2).join('$')}`)).toBe(false);
    expect(await verifyPin(s.app.db, '1234', stored)).toBe(true);
    expect(await verifyPin(s.app.db, '1235', stored)).toBe(false);
    expect(await withdraw('user6', '1234')).toBe('0');
  });

  it('an older plain scrypt hash still works and is made again on the next right PIN, not on a wrong one', async () => {
    const old = await hashPassword('1234');
    await setHash('user7', old);
    expect(await withdraw('user7', '9999')).toBe('C008');
    expect(await hashOf('user7')).toBe(old);
    expect(await withdraw('user7', '1234')).toBe('0');
    const fresh = await hashOf('user7');
    expect(fresh).toMatch(/^pin1\$/);
    expect(await withdraw('user7', '1234')).toBe('0');
    expect(await hashOf('user7')).toBe(fresh);
  });

  it('a key given outside the database takes over: older hashes move to it, and a hash whose key is missing fails loudly', async () => {
    const underDatabaseKey = await hashOf('user8');
    configurePinKey('a key the operator keeps in a secret store');
    try {
      expect(await withdraw('user8', '1234')).toBe('0');
      const underKey = await hashOf('user8');
      expect(underKey).not.toBe(underDatabaseKey);
      expect(underKey.split('$')[1]).toBe((await hashPin(s.app.db, '0000')).split('$')[1]);
      configurePinKey(undefined);
      await expect(verifyPin(s.app.db, '1234', underKey)).rejects.toThrow(/not configured/);
      expect(await hashOf('user8')).toBe(underKey);
    } finally {
      configurePinKey(undefined);
    }
  });

  it('rotates the PIN key: with the old key listed, a PIN under it checks and moves to the new key on its next right entry; then the old key can go', async () => {
    const first = 'the key the operator set first';
    const next = 'the key that replaces it';
    configurePinKey(first);
    try {
      expect(await withdraw('user9', '1234')).toBe('0');
      const underFirst = await hashOf('user9');
      configurePinKey(next);
      await expect(verifyPin(s.app.db, '1234', underFirst)).rejects.toThrow(/PITBOSS_PIN_OLD_KEYS/);
      configurePinKey(next, [first]);
      expect(await withdraw('user9', '9999')).toBe('C008');
      expect(await hashOf('user9')).toBe(underFirst);
      expect(await withdraw('user9', '1234')).toBe('0');
      const underNext = await hashOf('user9');
      expect(underNext.split('$')[1]).toBe((await hashPin(s.app.db, '0000')).split('$')[1]);
      configurePinKey(next);
      expect(await withdraw('user9', '1234')).toBe('0');
      expect(await hashOf('user9')).toBe(underNext);
    } finally {
      configurePinKey(undefined);
    }
  });
});
