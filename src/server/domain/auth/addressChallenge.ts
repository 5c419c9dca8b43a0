/**
 * An address past its login limits is handed its open challenge again rather than a new one: a
 * challenge costs the server a key derivation, so minting one for every try of a flood spent the
 * time a real player's login waited for. The challenge stays single-use; once a solution for it
 * comes in (accepted or not), the address gets a fresh one. Two people behind one address asked
 * at once may share it, and the second solves once more.
 */
import { LRUCache } from 'lru-cache';
import type { PowChallenge } from '../../../contract/member.js';
import type { Db } from '../../db/driver.js';
import { newChallenge } from './challenge.js';

// shorter than a challenge's five minutes, so what is handed out always has most of its life left
type Open = { nonce?: string; challenge: Promise<PowChallenge> };
const byNonce = new Map<string, string>();
const open = new LRUCache<string, Open>({ max: 20_000, ttl: 60_000, dispose: (v) => void (v.nonce && byNonce.delete(v.nonce)) });

export function addressChallenge(db: Db, siteId: string, ip: string | null): Promise<PowChallenge> {
  if (!ip) return newChallenge(db, siteId);
  const key = `${siteId}\n${ip}`;
  const hit = open.get(key);
  if (hit) return hit.challenge;
  const entry: Open = { challenge: newChallenge(db, siteId) };
  open.set(key, entry);
  entry.challenge.then(
    (c) => {
      if (open.get(key) !== entry) return;
      entry.nonce = c.parameters.nonce;
      byNonce.set(c.parameters.nonce, key);
    },
    () => open.get(key) === entry && open.delete(key),
  );
  return entry.challenge;
}

/** A solution for this challenge came in: no address is handed it again. */
export function retireChallenge(nonce: string) {
  const key = byNonce.get(nonce);
  if (key === undefined) return;
  if (open.peek(key)?.nonce === nonce) open.delete(key);
  byNonce.delete(nonce);
}
