/**
 * The login and signup proof of work (ALTCHA, altcha-lib v2): the server picks a secret counter,
 * signs the challenge, and the client finds the counter by trying every one from 0 (about half a
 * second on a mid phone). Checking a solution is one HMAC. Each challenge is good once, for this
 * site, for five minutes. New challenges are signed under today's keys only.
 */
import { signal } from '../signal.js';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Redis } from 'ioredis';
import { powChallenge, type PowChallenge, type PowProof } from '../../../contract/member.js';
import type { Db } from '../../db/driver.js';
import { oldSecrets } from './oldSecrets.js';
import { serverSecret } from './secrets.js';

const TTL_MS = 5 * 60_000;
const num = (v: string | undefined, d: number) => (v && Number(v) >= 1 ? Math.floor(Number(v)) : d);

/** PBKDF2 iterations per try and the range of the secret counter (the tries a client makes, on average their middle). */
export const powCost = () => ({
  cost: num(process.env.PITBOSS_POW_COST, 500),
  counterMax: num(process.env.PITBOSS_POW_COUNTER, 1_400),
});

/**
 * The expiry is set from the real time, not the server's shiftable clock: the library checks it
 * against the real time, and a shifted clock would issue challenges born expired (or lasting hours).
 */
export async function newChallenge(db: Db, siteId: string): Promise<PowChallenge> {
  const { cost, counterMax } = powCost();
  const c = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost,
    counter: randomInt(Math.ceil(counterMax / 2), counterMax),
    deriveKey,
    data: { site: siteId },
    expiresAt: new Date(Date.now() + TTL_MS),
    hmacSignatureSecret: await serverSecret(db, 'pow-signature'),
    hmacKeySignatureSecret: await serverSecret(db, 'pow-key'),
  });
  signal('challenge', { event: 'issued' });
  // through the contract's shape: what the app is sent is what the schema names
  return powChallenge.parse(c);
}

/** Remembers the challenges already used until they expire: in Redis when the limits live there, so it holds across instances. */
export interface UsedChallenges {
  /** true the first time a nonce is claimed */
  claim(nonce: string): Promise<boolean>;
}

export function usedChallenges(redis: Redis | null, namespace: string): UsedChallenges {
  if (redis) {
    return { claim: async (nonce) => (await redis.set(`${namespace}pow:${nonce}`, '1', 'PX', TTL_MS, 'NX')) === 'OK' };
  }
  const seen = new Map<string, number>();
  return {
    async claim(nonce) {
      const now = Date.now();
      if (seen.size > 10_000) for (const [k, until] of seen) if (until < now) seen.delete(k);
      if ((seen.get(nonce) ?? 0) > now) return false;
      seen.set(nonce, now + TTL_MS);
      return true;
    },
  };
}

/**
 * The keys a challenge is checked under: today's, then the rotated-out ones (`pow-signature-old`,
 * `pow-key-old`), so a challenge issued by an instance still on the old key checks on one already
 * on the new. Each key tried costs one HMAC: the key signature spares re-deriving the solution.
 */
async function verifiedUnderAnyKey(db: Db, proof: PowProof): Promise<boolean> {
  const keys = async (name: string) => [await serverSecret(db, name), ...oldSecrets(name)];
  const signatureKeys = await keys('pow-signature');
  const keySignatureKeys = await keys('pow-key');
  for (const hmacSignatureSecret of signatureKeys) {
    for (const hmacKeySignatureSecret of keySignatureKeys) {
      const r = await verifySolution({ challenge: proof.challenge, solution: proof.solution, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
      if (r.verified) return true;
      if (r.expired) return false;
      // not signed under this signature key: no key signature key helps
      if (r.invalidSignature) break;
    }
  }
  return false;
}

/** True when the proof solves an unexpired challenge this server signed for this site, never used before. */
export async function checkProof(db: Db, siteId: string, proof: PowProof | undefined, used: UsedChallenges): Promise<boolean> {
  if (!proof) return false;
  const p = proof.challenge.parameters;
  if (p.data?.site !== siteId) return false;
  try {
    const solved = (await verifiedUnderAnyKey(db, proof)) && (await used.claim(p.nonce));
    signal('challenge', { event: solved ? 'solved' : 'refused' });
    return solved;
  } catch {
    signal('challenge', { event: 'refused' });
    return false;
  }
}
