import type { LiveEvent } from '../../contract/enums.js';
import type { Audience } from './publisher.js';

/** One authenticated STOMP connection as the registry sees it. */
export interface LiveConn {
  readonly siteId: string;
  readonly memId: string;
  readonly sessionId: number;
  /** an operator (ADMIN) session: it also hears the operator-only events */
  readonly operator?: boolean;
  /** open subscriptions on this socket */
  readonly subscriptionCount?: number;
  deliver(event: LiveEvent): void;
  close(reason: string): void;
  /** ends the socket with a STOMP ERROR the client reconnects from */
  goAway?(message: string): void;
}

/** Delay between delivering LOGOUT and closing the socket, so the client reads the event first. */
export const LOGOUT_CLOSE_DELAY_MS = 250;

const memberKey = (siteId: string, memId: string) => `${siteId}\u0000${memId}`;

function addTo<K>(map: Map<K, Set<LiveConn>>, key: K, conn: LiveConn) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(conn);
}

function removeFrom<K>(map: Map<K, Set<LiveConn>>, key: K, conn: LiveConn) {
  const set = map.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) map.delete(key);
}

/** Where this instance must hear a member's events (the publisher): told at its first socket of a member and after its last. */
export interface MemberRoutes {
  watch(siteId: string, memId: string): Promise<void>;
  unwatch(siteId: string, memId: string): void;
}
const everywhere: MemberRoutes = { watch: async () => {}, unwatch() {} };

/** The sockets of this instance, indexed by member, by session and by site. */
export class Registry {
  constructor(private readonly routes: MemberRoutes = everywhere) {}

  private readonly held = new Map<string, { n: number; ready: Promise<void> }>();
  private readonly byMember = new Map<string, Set<LiveConn>>();
  private readonly bySession = new Map<number, Set<LiveConn>>();
  private readonly bySite = new Map<string, Set<LiveConn>>();
  private readonly timers = new Set<NodeJS.Timeout>();

  /**
   * A socket of the member is opening here: resolves once the member's events reach this
   * instance. Counted from before the socket is added until `release`, so a socket still
   * connecting keeps the member's route when another of its sockets closes.
   */
  hold(siteId: string, memId: string): Promise<void> {
    const key = memberKey(siteId, memId);
    let h = this.held.get(key);
    if (!h) this.held.set(key, (h = { n: 0, ready: this.routes.watch(siteId, memId) }));
    h.n++;
    return h.ready;
  }

  release(siteId: string, memId: string): void {
    const key = memberKey(siteId, memId);
    const h = this.held.get(key);
    if (!h || --h.n > 0) return;
    this.held.delete(key);
    this.routes.unwatch(siteId, memId);
  }

  add(conn: LiveConn): void {
    addTo(this.byMember, memberKey(conn.siteId, conn.memId), conn);
    addTo(this.bySession, conn.sessionId, conn);
    addTo(this.bySite, conn.siteId, conn);
  }

  remove(conn: LiveConn): void {
    removeFrom(this.byMember, memberKey(conn.siteId, conn.memId), conn);
    removeFrom(this.bySession, conn.sessionId, conn);
    removeFrom(this.bySite, conn.siteId, conn);
  }

  targets(to: Audience): LiveConn[] {
    if ('all' in to) return [...(this.bySite.get(to.siteId) ?? [])];
    if ('operators' in to) return [...(this.bySite.get(to.siteId) ?? [])].filter((c) => c.operator);
    if (to.sessionId !== undefined) {
      // the session id alone is unique, but the site and member must still match
      return [...(this.bySession.get(to.sessionId) ?? [])].filter((c) => c.siteId === to.siteId && c.memId === to.memId);
    }
    return [...(this.byMember.get(memberKey(to.siteId, to.memId)) ?? [])];
  }

  /** Delivers an event; a LOGOUT also ends the sockets it reached. */
  dispatch(to: Audience, event: LiveEvent): void {
    const conns = this.targets(to);
    for (const c of conns) c.deliver(event);
    if (event.type === 'LOGOUT' && conns.length > 0) {
      const t = setTimeout(() => {
        this.timers.delete(t);
        for (const c of conns) c.close('logged out');
      }, LOGOUT_CLOSE_DELAY_MS);
      this.timers.add(t);
    }
  }

  get size(): number {
    let n = 0;
    for (const set of this.bySite.values()) n += set.size;
    return n;
  }

  /** Open subscriptions over every socket of this instance. */
  subscriptions(): number {
    let n = 0;
    for (const set of this.bySite.values()) for (const c of set) n += c.subscriptionCount ?? 0;
    return n;
  }

  /** Sends every connection the server's goodbye (a STOMP ERROR, then close): the drain before shutdown. */
  goAway(message: string): void {
    for (const set of [...this.bySite.values()])
      for (const c of [...set]) {
        if (c.goAway) c.goAway(message);
        else c.close(message);
      }
  }

  /** Closes every connection (server shutdown). */
  closeAll(reason: string): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const set of [...this.bySite.values()]) for (const c of [...set]) c.close(reason);
  }
}
