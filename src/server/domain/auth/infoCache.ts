import { LRUCache } from 'lru-cache';
import { NO_CLOCK_TIMER } from '../common/cacheClock.js';
import type { Audience, Invalidation, Publisher } from '../ports.js';
import type { MemberInfo } from '../../../contract/member.js';
import type { UnreadCounts } from '../board/unread.js';

export interface InfoAnswer {
  member: MemberInfo;
  msgInfo: UnreadCounts;
}

/**
 * How long an answer is kept when no event drops it first. Every movement of a member's money,
 * and every change of its unread counts, publishes an event for that member, which drops its
 * answer on every instance that keeps one; this lifetime bounds only what no event announces (an
 * operator's edit of the member row, a message ageing out of the kept window, a lost message).
 */
export const INFO_TTL_MS = 5_000;

const key = (siteId: string, memId: string) => `${siteId}\u0000${memId}`;

/**
 * /api/member/info's answer per player, per process. Kept exact by the events themselves: any
 * event to the member (CASH after every movement, MSG, ANSWER_CMT, COUPON, …) published here
 * drops the answer before it goes out, one heard from another instance drops it on arrival (this
 * instance watches the member's channel while it keeps its answer, and reads nothing kept before
 * a round trip on that channel has brought in what was already sent), and a load that an event
 * overtook is not kept. Only players are kept: a partner's shown points grow with its downline's
 * rolling, which waits for the accrual step without an event of its own.
 */
export class InfoCache {
  private readonly answers: LRUCache<string, InfoAnswer>;
  /** members whose channel this instance watches for the cache, by key, with the watch's start */
  private readonly watched = new Map<string, { siteId: string; memId: string; ready: Promise<void> }>();
  /** loads in flight per key, and how many times the key was dropped since they began */
  private readonly loads = new Map<string, { n: number; dropped: number }>();
  private readonly offs: (() => void)[];
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly live: Publisher,
    opts: { ttlMs?: number; max?: number } = {},
  ) {
    const ttl = opts.ttlMs ?? INFO_TTL_MS;
    this.answers = new LRUCache({ max: opts.max ?? 50_000, ttl, ttlResolution: NO_CLOCK_TIMER });
    this.offs = [
      live.onEvent((to) => this.heard(to)),
      live.onInvalidate((w: Invalidation) => {
        if (w.kind === 'member') this.drop(w.siteId, w.memId);
      }),
    ];
    // a member's channel stays watched only while its answer is kept
    this.sweep = setInterval(() => this.unwatchIdle(), ttl).unref();
  }

  /** The member's answer from memory, or `load`'s (kept for a player unless an event overtook it). */
  async get(siteId: string, memId: string, load: () => Promise<InfoAnswer>): Promise<InfoAnswer> {
    const k = key(siteId, memId);
    // counted from the call on: an event heard from here on keeps this call's load out of memory
    let l = this.loads.get(k);
    if (!l) this.loads.set(k, (l = { n: 0, dropped: 0 }));
    l.n++;
    const seen = l.dropped;
    try {
      // an event another instance published before this call may still be on its way here: nothing
      // kept is read before it has been heard; with the fan-out away, events from other instances are
      // lost, so nothing kept is trusted (the lifetime bounds an outage no call saw)
      if (!(await this.live.heardAll()) || !this.live.connected()) this.answers.clear();
      const hit = this.answers.get(k);
      if (hit) return hit;
      // watched before the read (every load waits for it): an event for a movement the read missed reaches this instance
      let w = this.watched.get(k);
      if (!w) this.watched.set(k, (w = { siteId, memId, ready: this.live.watch(siteId, memId) }));
      await w.ready;
      const answer = await load();
      if (l.dropped === seen && answer.member.loginType === 'NORMAL' && this.live.connected()) this.answers.set(k, answer);
      return answer;
    } finally {
      if (--l.n === 0) this.loads.delete(k);
    }
  }

  /** The member's answer changed in a way no event announces: dropped here at once and on every other instance. */
  async changed(siteId: string, memId: string): Promise<void> {
    await this.live.invalidate({ kind: 'member', siteId, memId });
  }

  drop(siteId: string, memId: string): void {
    const k = key(siteId, memId);
    this.answers.delete(k);
    const l = this.loads.get(k);
    if (l) l.dropped++;
  }

  close(): void {
    clearInterval(this.sweep);
    for (const off of this.offs) off();
    this.answers.clear();
  }

  private heard(to: Audience) {
    if ('memId' in to) this.drop(to.siteId, to.memId);
  }

  private unwatchIdle() {
    for (const [k, m] of this.watched) {
      if (this.answers.has(k) || this.loads.has(k)) continue;
      this.watched.delete(k);
      this.live.unwatch(m.siteId, m.memId);
    }
  }
}

/**
 * The publisher the app uses: an event to a member drops that member's kept answer on this
 * instance before the event leaves (through Redis, this instance would hear its own event only
 * after the call that caused it answered).
 */
export function droppingOnPublish(live: Publisher, cache: InfoCache): Publisher {
  return {
    ...live,
    publish(to, event) {
      if ('memId' in to) cache.drop(to.siteId, to.memId);
      live.publish(to, event);
    },
  };
}
