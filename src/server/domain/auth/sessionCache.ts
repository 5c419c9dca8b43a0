import { LRUCache } from 'lru-cache';
import { NO_CLOCK_TIMER } from '../common/cacheClock.js';
import type { Caller } from './caller.js';
import type { Invalidation, Publisher } from '../ports.js';

/** A resolved session together with the site it belongs to. */
export interface SessionCaller extends Caller {
  siteId: string;
}

/**
 * How long a resolved session is answered from memory. Ends and refreshes reach every
 * instance's cache at once through the fan-out; this lifetime only bounds what a lost message
 * (Redis restarting) or a session row changed by hand can cost, so it is kept to a few seconds,
 * while one lookup per token every 5 s is nothing to the database.
 */
export const SESSION_TTL_MS = 5_000;

/**
 * An ended session is not cached again for this long. The end is announced from inside the
 * transaction that ends it; a lookup that runs before that transaction commits still reads the
 * session open, and must not put it back.
 */
const ENDED_MS = 60_000;

/**
 * Sessions by token hash, per process. Every hit still checks the expiry against the clock (an
 * expired entry goes back to the database, which answers TK002 or a refreshed expiry); only
 * open sessions are kept, so TK001 / TK999 always come from the database.
 */
export class SessionCache {
  private readonly byHash: LRUCache<string, SessionCaller>;
  private readonly hashOf = new Map<number, string>();
  private readonly ended: LRUCache<number, true>;
  private readonly off: () => void;

  constructor(
    private readonly live: Publisher,
    opts: { ttlMs?: number; max?: number } = {},
  ) {
    const max = opts.max ?? 100_000;
    this.byHash = new LRUCache({
      max,
      ttl: opts.ttlMs ?? SESSION_TTL_MS,
      ttlResolution: NO_CLOCK_TIMER,
      dispose: (caller, hash) => {
        if (this.hashOf.get(caller.sessionId) === hash) this.hashOf.delete(caller.sessionId);
      },
    });
    this.ended = new LRUCache({ max, ttl: ENDED_MS, ttlResolution: NO_CLOCK_TIMER });
    this.off = live.onInvalidate((w) => this.apply(w));
  }

  /** The cached session of a token hash, unless it is missing, stale or expired at `now`. */
  get(hash: string, now: Date): SessionCaller | undefined {
    const hit = this.byHash.get(hash);
    return hit && hit.expiresAt.getTime() > now.getTime() ? hit : undefined;
  }

  set(hash: string, caller: SessionCaller) {
    if (this.ended.has(caller.sessionId)) return;
    this.byHash.set(hash, caller);
    this.hashOf.set(caller.sessionId, hash);
  }

  /** Sessions just ended: forgotten here at once and on every other instance. */
  async end(sessionIds: number[]) {
    if (sessionIds.length) await this.live.invalidate({ kind: 'sessions-ended', sessionIds });
  }

  /** A refreshed expiry: kept here, and the other instances re-read the session. */
  async refreshed(sessionId: number, expiresAt: Date) {
    const hash = this.hashOf.get(sessionId);
    const cached = hash ? this.byHash.get(hash) : undefined;
    await this.live.invalidate({ kind: 'session-refreshed', sessionId });
    if (hash && cached) this.set(hash, { ...cached, expiresAt });
  }

  private apply(w: Invalidation) {
    if (w.kind === 'sessions-ended') {
      for (const id of w.sessionIds) {
        this.ended.set(id, true);
        this.drop(id);
      }
    } else if (w.kind === 'session-refreshed') this.drop(w.sessionId);
  }

  private drop(sessionId: number) {
    const hash = this.hashOf.get(sessionId);
    if (hash) this.byHash.delete(hash);
    this.hashOf.delete(sessionId);
  }

  close() {
    this.off();
    this.byHash.clear();
    this.ended.clear();
  }
}
