import type { LiveEvent } from '../../contract/enums.js';

// The domain's ports: what it needs of the live channel and of ops, as interfaces it owns. Nothing of the
// domain is imported here, so the caches and services that use a port never close a circle through Deps.

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
export type Invalidation =
  | { kind: 'sessions-ended'; sessionIds: number[] }
  | { kind: 'session-refreshed'; sessionId: number }
  | { kind: 'site'; siteId: string }
  /** a member's kept /api/member/info answer (domain/auth/infoCache.ts) changed without an event */
  | { kind: 'member'; siteId: string; memId: string };

/**
 * The domain's port to the live channel (live/publisher.ts, live/redisPublisher.ts implement it, server.ts
 * wires one in). The domain calls `publish`; the STOMP broker of each instance listens. In-process by default,
 * fanned out through Redis when several instances run: a member's events reach only the instances
 * that `watch` that member (those holding its sockets), site-wide ones every instance. `invalidate` rides the same channel:
 * this instance's listeners hear it at once (before it resolves), the others as fast as Redis
 * carries it; it resolves once Redis took the message and never throws (the caches' short
 * lifetimes bound what a lost message can cost).
 */
export interface Publisher {
  publish(to: Audience, event: LiveEvent): void;
  /**
   * Resolves once the fan-out took every event published so far (Redis answered: the other
   * instances' subscriptions have them), at once in-process; never throws, waits at most a moment.
   * A movement's call answers after it, so a read the caller then sends to another instance finds
   * that instance's kept answer already dropped.
   */
  delivered(): Promise<void>;
  /**
   * Resolves once this instance has heard every event any instance published before the call: the
   * fan-out's reply to a round trip on this instance's own subscription, which Redis sends after the
   * messages it queued there (`delivered` on the publisher says Redis has them, not that this
   * instance read them yet). `false` when the fan-out did not answer in a moment. At once in-process.
   */
  heardAll(): Promise<boolean>;
  onEvent(listener: (to: Audience, event: LiveEvent) => void): () => void;
  /**
   * From now on this instance hears the member's events (for its sockets of the member, or a kept
   * answer of it); resolves once it does, never throws. Counted: each watch is ended by one unwatch.
   */
  watch(siteId: string, memId: string): Promise<void>;
  /** One holder of the member's events here no longer needs them; the last one's ends the watch. */
  unwatch(siteId: string, memId: string): void;
  invalidate(what: Invalidation): Promise<void>;
  onInvalidate(listener: (what: Invalidation) => void): () => void;
  /** false while the fan-out (Redis) is disconnected; in-process is always connected */
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * What the domain tells the operator's instruments, without knowing them: a money movement ended
 * (its kind and result code), a login challenge was issued or solved, a push was sent. The domain
 * emits through `signal` (domain/signal.ts); ops/signals.ts implements the sink that server.ts wires
 * in, and the metrics of each running server listen (ops/metrics.ts), and so does its log for failed pushes.
 */
export interface Signals {
  /** kind: the movement function without its `money_` prefix (cash_deposit, transfer, …); code: '0' or the refusal; cash/point: what a done movement moved */
  money: { kind: string; code: string; cash?: number; point?: number };
  challenge: { event: 'issued' | 'solved' | 'refused' };
  /** result: 'sent', 'gone' (404/410, the device is removed), 'refused' (another status) or 'unreachable'; status when the service answered */
  push: { result: 'sent' | 'gone' | 'refused' | 'unreachable'; status?: number; host: string };
}

/** Where the domain's signals go. */
export type Signal = <K extends keyof Signals>(kind: K, s: Signals[K]) => void;
