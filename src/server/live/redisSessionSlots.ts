import { randomUUID } from 'node:crypto';
import { Redis, type Result } from 'ioredis';
import { localSessionSlots, type SessionSlots } from './sessionSlots.js';

/** A slot not refreshed for this long is taken as lost with its instance. */
const SLOT_TTL_MS = 60_000;

// one sorted set per session: member = socket, score = when its slot lapses (Redis's clock)
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

const REFRESH = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', now + tonumber(ARGV[1]), ARGV[i + 1])
  redis.call('PEXPIRE', key, ARGV[1])
end
return 1`;

// the scripts above as commands (defineCommand below), declared the way ioredis documents: a cast of
// the client to an intersection instead costs the type check several seconds
declare module 'ioredis' {
  interface RedisCommander<Context> {
    takeSlot(key: string, cap: number, ttl: number, member: string): Result<number, Context>;
    refreshSlots(n: number, ...keysThenArgs: (string | number)[]): Result<number, Context>;
  }
}

/**
 * The session's socket cap across every instance sharing the Redis. This instance's own count is
 * checked first; when Redis does not answer, that local cap still holds (an outage must not take
 * the live channel down).
 */
export async function redisSessionSlots(url: string, cap: number, namespace: string, onError: (e: Error) => void): Promise<SessionSlots> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true });
  redis.on('error', onError);
  redis.defineCommand('takeSlot', { numberOfKeys: 1, lua: TAKE });
  redis.defineCommand('refreshSlots', { lua: REFRESH });
  await redis.connect().catch(onError);
  const local = localSessionSlots(cap);
  const instance = randomUUID();
  const key = (sessionId: number) => `${namespace}live-session:${sessionId}`;
  const member = (socketId: string) => `${instance}:${socketId}`;
  const held = new Map<string, number>();

  const timer = setInterval(() => {
    if (held.size === 0) return;
    const keys = [...held.values()].map(key);
    redis.refreshSlots(keys.length, ...keys, SLOT_TTL_MS, ...[...held.keys()].map(member)).catch(onError);
  }, SLOT_TTL_MS / 3);
  timer.unref();

  return {
    cap,
    async take(sessionId, socketId) {
      if (!(await local.take(sessionId, socketId))) return false;
      let ok = true;
      try {
        ok = (await redis.takeSlot(key(sessionId), cap, SLOT_TTL_MS, member(socketId))) === 1;
      } catch (e) {
        onError(e as Error);
      }
      if (ok) held.set(socketId, sessionId);
      else local.release(sessionId, socketId);
      return ok;
    },
    release(sessionId, socketId) {
      local.release(sessionId, socketId);
      if (!held.delete(socketId)) return;
      redis.zrem(key(sessionId), member(socketId)).catch(onError);
    },
    async close() {
      clearInterval(timer);
      const byKey = [...held].map(([socketId, sessionId]) => redis.zrem(key(sessionId), member(socketId)));
      held.clear();
      await Promise.allSettled(byKey);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
