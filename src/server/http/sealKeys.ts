import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { NO_CLOCK_TIMER } from '../domain/common/cacheClock.js';
import { agreeKeys, newKeyPair, type DirectionKeys } from '../../contract/sealed.js';

/** Counters this far below the highest one seen still pass once: the app sends calls in parallel and they may arrive out of order. */
export const REPLAY_WINDOW = 512;
/** An agreed key lives this long after its last use; the app agrees a new one when told EN002. */
export const KEY_IDLE_MS = 60 * 60_000;

export interface SealKey {
  keyId: string;
  siteId: string;
  keys: DirectionKeys;
  /** highest request counter opened, and the counters opened within the window below it */
  top: number;
  seen: Set<number>;
}

/**
 * The agreed keys of this process, in memory: a key is agreed with the instance that answered the
 * handshake (several instances need sticky routing or a shared store; see docs/encrypted-bodies.md).
 * Bounded, so handshakes nobody uses cannot fill the memory.
 */
export class SealKeys {
  private readonly byId = new LRUCache<string, SealKey>({ max: 100_000, ttl: KEY_IDLE_MS, updateAgeOnGet: true, ttlResolution: NO_CLOCK_TIMER });

  /** The server's half of a handshake: a new key id and the server's ephemeral public key. */
  async agree(siteId: string, appPub: string): Promise<{ keyId: string; pub: string }> {
    const keyId = randomBytes(16).toString('base64url');
    const own = await newKeyPair();
    const keys = await agreeKeys(own.priv, appPub, siteId, keyId);
    this.byId.set(keyId, { keyId, siteId, keys, top: 0, seen: new Set() });
    return { keyId, pub: own.pub };
  }

  get(keyId: string): SealKey | undefined {
    return this.byId.get(keyId);
  }

  /** Whether counter n may still be opened under this key (not seen, not below the window). */
  static fresh(key: SealKey, n: number): boolean {
    return n > key.top - REPLAY_WINDOW && !key.seen.has(n);
  }

  /** Records an opened counter; call in the same tick as `fresh` so two copies cannot both pass. */
  static use(key: SealKey, n: number) {
    key.seen.add(n);
    if (n > key.top) {
      key.top = n;
      for (const old of key.seen) if (old <= n - REPLAY_WINDOW) key.seen.delete(old);
    }
  }

  clear() {
    this.byId.clear();
  }
}
