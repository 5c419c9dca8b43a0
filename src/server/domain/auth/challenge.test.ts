import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PowProof } from '../../../contract/member.js';
import type { Db } from '../../db/driver.js';
import { checkProof, newChallenge, usedChallenges } from './challenge.js';

// the keys are configured: the database is never asked
const noDb = {} as Db;
const keys = (signature: string, key: string, old?: { signature: string; key: string }) => {
  vi.stubEnv('PITBOSS_SECRET_POW_SIGNATURE', signature);
  vi.stubEnv('PITBOSS_SECRET_POW_KEY', key);
  vi.stubEnv('PITBOSS_SECRET_POW_SIGNATURE_OLD', old?.signature);
  vi.stubEnv('PITBOSS_SECRET_POW_KEY_OLD', old?.key);
};

async function solved(): Promise<PowProof> {
  const challenge = await newChallenge(noDb, 'site-a');
  const s = await solveChallenge({ challenge: challenge as never, deriveKey });
  return { challenge, solution: { counter: s!.counter, derivedKey: s!.derivedKey } };
}

describe('login challenge keys with an old-key window', () => {
  beforeEach(() => {
    vi.stubEnv('PITBOSS_POW_COST', '1');
    vi.stubEnv('PITBOSS_POW_COUNTER', '40');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('checks a challenge signed under the rotated-out keys while they are listed, and not once they are dropped', async () => {
    keys('sig-A', 'key-A');
    const underA = [await solved(), await solved()];
    keys('sig-B', 'key-B', { signature: 'sig-A', key: 'key-A' });
    expect(await checkProof(noDb, 'site-a', underA[0], usedChallenges(null, ''))).toBe(true);
    // new challenges are signed under today's keys
    expect(await checkProof(noDb, 'site-a', await solved(), usedChallenges(null, ''))).toBe(true);
    keys('sig-B', 'key-B');
    expect(await checkProof(noDb, 'site-a', underA[1], usedChallenges(null, ''))).toBe(false);
  });

  it('still refuses a wrong solution, another site, and a second use under an old key', async () => {
    keys('sig-A', 'key-A');
    const p = await solved();
    keys('sig-B', 'key-B', { signature: 'sig-A', key: 'key-A' });
    const used = usedChallenges(null, '');
    const wrong = { ...p, solution: { ...p.solution, derivedKey: p.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')) } };
    expect(await checkProof(noDb, 'site-a', wrong, used)).toBe(false);
    expect(await checkProof(noDb, 'site-b', p, used)).toBe(false);
    expect(await checkProof(noDb, 'site-a', p, used)).toBe(true);
    expect(await checkProof(noDb, 'site-a', p, used)).toBe(false);
  });

  it('needs the pair: the old signature key with only the new key-signature key is refused', async () => {
    keys('sig-A', 'key-A');
    const p = await solved();
    keys('sig-B', 'key-B', { signature: 'sig-A', key: 'key-other' });
    expect(await checkProof(noDb, 'site-a', p, usedChallenges(null, ''))).toBe(false);
  });
});
