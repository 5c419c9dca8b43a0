import { EventEmitter } from 'node:events';
import type { LiveEvent } from '../../contract/enums.js';

/**
 * Who a live event goes to: one member of a site (optionally only the sockets of one session,
 * e.g. LOGOUT to a superseded session while the new one stays), everyone online on the site, or
 * the site's operators only (ADMIN_PENDING).
 */
export type Audience = { siteId: string; memId: string; sessionId?: number } | { siteId: string; all: true } | { siteId: string; operators: true };

/**
 * What the in-process caches must forget because the rows behind them changed: sessions that
 * ended (by id), a session whose expiry moved, a site row the operator changed.
 */
export type Invalidation = { kind: 'sessions-ended'; sessionIds: number[] } | { kind: 'session-refreshed'; sessionId: number } | { kind: 'site'; siteId: string };

/**
 * The domain calls `publish`; the STOMP broker of each instance listens. In-process by default,
 * fanned out through Redis when several instances run: a member's events reach only the instances
 * that `watch` that member (those holding its sockets), site-wide ones every instance. `invalidate` rides the same channel:
 * this instance's listeners hear it at once (before it resolves), the others as fast as Redis
 * carries it; it resolves once Redis took the message and never throws (the caches' short
 * lifetimes bound what a lost message can cost).
 */
export interface Publisher {
  publish(to: Audience, event: LiveEvent): void;
  onEvent(listener: (to: Audience, event: LiveEvent) => void): () => void;
  /** From now on this instance hears the member's events (its first socket of the member opened); resolves once it does, never throws. */
  watch(siteId: string, memId: string): Promise<void>;
  /** This instance no longer needs the member's events (its last socket of the member closed). */
  unwatch(siteId: string, memId: string): void;
  invalidate(what: Invalidation): Promise<void>;
  onInvalidate(listener: (what: Invalidation) => void): () => void;
  /** false while the fan-out (Redis) is disconnected; in-process is always connected */
  connected(): boolean;
  close(): Promise<void>;
}

export function inProcessPublisher(): Publisher {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    publish(to, event) {
      bus.emit('event', to, event);
    },
    onEvent(listener) {
      bus.on('event', listener);
      return () => bus.off('event', listener);
    },
    // one process hears everything it publishes
    watch: async () => {},
    unwatch() {},
    async invalidate(what) {
      bus.emit('invalidate', what);
    },
    onInvalidate(listener) {
      bus.on('invalidate', listener);
      return () => bus.off('invalidate', listener);
    },
    connected: () => true,
    async close() {
      bus.removeAllListeners();
    },
  };
}
