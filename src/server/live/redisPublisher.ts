import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { liveEventTypes, type LiveEvent } from '../../contract/enums.js';
import type { Audience, Publisher } from './publisher.js';

export const LIVE_CHANNEL = 'pitboss:live';

interface Envelope {
  to: Audience;
  event: LiveEvent;
}

function isEnvelope(v: unknown): v is Envelope {
  const e = v as Envelope;
  return (
    typeof e === 'object' && e !== null &&
    typeof e.to?.siteId === 'string' &&
    ('all' in e.to || 'operators' in e.to || typeof e.to.memId === 'string') &&
    liveEventTypes.includes(e.event?.type)
  );
}

/**
 * Publishes through a Redis channel that every instance subscribes to, so an event reaches the
 * sockets of whichever instance holds them. Local listeners hear events only through Redis,
 * which keeps one delivery per event on every instance, the publishing one included.
 */
export async function redisPublisher(url: string, opts: { readyTimeoutMs?: number } = {}): Promise<Publisher> {
  const pub = new Redis(url, { lazyConnect: true });
  const sub = new Redis(url, { lazyConnect: true });
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  // ioredis reconnects by itself; without a listener an outage would surface as an uncaught 'error'
  const onError = (err: Error) => console.error(`[live] redis: ${err.message}`);
  pub.on('error', onError);
  sub.on('error', onError);

  sub.on('message', (channel: string, raw: string) => {
    if (channel !== LIVE_CHANNEL) return;
    let msg: unknown;
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if (isEnvelope(msg)) bus.emit('event', msg.to, msg.event);
  });

  const ready = (async () => {
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(LIVE_CHANNEL);
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

  return {
    publish(to, event) {
      pub.publish(LIVE_CHANNEL, JSON.stringify({ to, event })).catch(onError);
    },
    onEvent(listener) {
      bus.on('event', listener);
      return () => bus.off('event', listener);
    },
    async close() {
      bus.removeAllListeners();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
