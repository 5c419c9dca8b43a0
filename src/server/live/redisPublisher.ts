import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { liveEventTypes, type LiveEvent } from '../../contract/enums.js';
import type { Audience, Invalidation, Publisher } from './publisher.js';

/** How long a sign-out waits for Redis to take its eviction before answering anyway. */
const INVALIDATE_WAIT_MS = 250;
/** How long a socket's CONNECT waits for its member's subscription before answering anyway (Redis away: ioredis subscribes on reconnect). */
const WATCH_WAIT_MS = 1_000;

interface Envelope {
  to: Audience;
  event: LiveEvent;
}

function isEnvelope(v: unknown): v is Envelope {
  const e = v as Envelope;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.to?.siteId === 'string' &&
    ('all' in e.to || 'operators' in e.to || typeof e.to.memId === 'string') &&
    liveEventTypes.includes(e.event?.type)
  );
}

const ids = (v: unknown) => Array.isArray(v) && v.length <= 10_000 && v.every((n) => Number.isSafeInteger(n));

function isInvalidation(v: unknown): v is Invalidation {
  const w = v as Record<string, unknown> | null;
  if (typeof w !== 'object' || w === null) return false;
  if (w.kind === 'sessions-ended') return ids(w.sessionIds);
  if (w.kind === 'session-refreshed') return Number.isSafeInteger(w.sessionId);
  if (w.kind === 'member') return typeof w.siteId === 'string' && typeof w.memId === 'string';
  return w.kind === 'site' && typeof w.siteId === 'string';
}

/**
 * Publishes through Redis: a member's events on that member's own channel, which only the
 * instances holding its sockets subscribe to (so what each instance hears does not grow with the
 * number of instances), site-wide and operators' events on one channel every instance subscribes
 * to. Local listeners hear events only through Redis, which keeps one delivery per event on every
 * instance that needs it, the publishing one included.
 */
export async function redisPublisher(url: string, opts: { scope: string; readyTimeoutMs?: number }): Promise<Publisher> {
  // the deployment's own channels (redisScope.ts): another deployment on this Redis is never heard
  const LIVE_CHANNEL = `${opts.scope}live`;
  const CACHE_CHANNEL = `${opts.scope}cache`;
  const MEMBER_PREFIX = `${opts.scope}member:`;
  const memberChannel = (siteId: string, memId: string) => MEMBER_PREFIX + JSON.stringify([siteId, memId]);
  const pub = new Redis(url, { lazyConnect: true });
  const sub = new Redis(url, { lazyConnect: true });
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  // ioredis reconnects by itself; without a listener an outage would surface as an uncaught 'error'
  const onError = (err: Error) => console.error(`[live] redis: ${err.message}`);
  pub.on('error', onError);
  sub.on('error', onError);

  // invalidations are heard locally at once; this instance skips its own when Redis echoes them
  const self = randomUUID();
  sub.on('message', (channel: string, raw: string) => {
    if (channel !== LIVE_CHANNEL && channel !== CACHE_CHANNEL && !channel.startsWith(MEMBER_PREFIX)) return;
    let msg: unknown;
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if (channel === CACHE_CHANNEL) {
      const m = msg as { from?: unknown; what?: unknown } | null;
      if (m && m.from !== self && isInvalidation(m.what)) bus.emit('invalidate', m.what);
    } else if (isEnvelope(msg)) bus.emit('event', msg.to, msg.event);
  });

  const ready = (async () => {
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(LIVE_CHANNEL, CACHE_CHANNEL);
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis at ${url} did not answer`)), opts.readyTimeoutMs ?? 10_000);
  });
  try {
    await Promise.race([ready, timeout]);
  } catch (e) {
    pub.disconnect();
    sub.disconnect();
    throw e;
  } finally {
    clearTimeout(timer);
  }

  const waitAtMost = async (p: Promise<unknown>, ms: number) => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([p, new Promise((r) => (timer = setTimeout(r, ms)))]);
    clearTimeout(timer);
  };

  // the latest publish: Redis answers in order on one connection, so its reply follows every earlier one's
  let lastPublish: Promise<unknown> = Promise.resolve();
  // holders of each member's channel here (the live registry's sockets, the kept info answers)
  const watching = new Map<string, { n: number; ready: Promise<unknown> }>();

  return {
    publish(to, event) {
      const channel = 'memId' in to ? memberChannel(to.siteId, to.memId) : LIVE_CHANNEL;
      lastPublish = pub.publish(channel, JSON.stringify({ to, event })).catch(onError);
    },
    delivered: () => waitAtMost(lastPublish, INVALIDATE_WAIT_MS),
    // Redis answers a PING on the subscription after every message it queued there before it
    async heardAll() {
      if (sub.status !== 'ready') return false;
      let heard = false;
      await waitAtMost(
        sub.ping().then(() => (heard = true), onError),
        INVALIDATE_WAIT_MS,
      );
      return heard;
    },
    onEvent(listener) {
      bus.on('event', listener);
      return () => bus.off('event', listener);
    },
    // subscribed at the first holder, unsubscribed after the last; Redis applies them in order
    async watch(siteId, memId) {
      const channel = memberChannel(siteId, memId);
      let w = watching.get(channel);
      if (!w) watching.set(channel, (w = { n: 0, ready: sub.subscribe(channel).catch(onError) }));
      w.n++;
      await waitAtMost(w.ready, WATCH_WAIT_MS);
    },
    unwatch(siteId, memId) {
      const channel = memberChannel(siteId, memId);
      const w = watching.get(channel);
      if (!w || --w.n > 0) return;
      watching.delete(channel);
      sub.unsubscribe(channel).catch(onError);
    },
    async invalidate(what) {
      bus.emit('invalidate', what);
      // waiting for Redis's reply means the other instances' subscriptions have the message
      // before this call answers; an outage must not hold a sign-out up for long
      await waitAtMost(pub.publish(CACHE_CHANNEL, JSON.stringify({ from: self, what })).catch(onError), INVALIDATE_WAIT_MS);
    },
    onInvalidate(listener) {
      bus.on('invalidate', listener);
      return () => bus.off('invalidate', listener);
    },
    connected: () => pub.status === 'ready' && sub.status === 'ready',
    async close() {
      bus.removeAllListeners();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
