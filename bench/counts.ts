import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * What one process sends to PostgreSQL and Redis, counted by wrapping the two clients' prototypes
 * (BENCH_COUNTS=1): statements by text, connections opened, Redis commands by name, pub/sub
 * messages received by channel. Counts, unlike CPU time, do not change with the machine's load.
 */
export interface Counts {
  sql: Record<string, number>;
  connects: number;
  redis: Record<string, number>;
  received: Record<string, number>;
}

export function countClients(): () => Counts {
  const c: Counts = { sql: {}, connects: 0, redis: {}, received: {} };
  const add = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1);
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    const q = a[0] as string | { text?: string };
    const text = typeof q === 'string' ? q : (q?.text ?? '?');
    add(c.sql, text.replace(/\s+/g, ' ').trim().slice(0, 90));
    return query.apply(this, a);
  } as typeof pg.Client.prototype.query;
  const connect = pg.Client.prototype.connect as (...a: unknown[]) => unknown;
  pg.Client.prototype.connect = function (this: pg.Client, ...a: unknown[]) {
    c.connects++;
    return connect.apply(this, a);
  } as typeof pg.Client.prototype.connect;
  const send = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function (this: Redis, command, stream) {
    add(c.redis, (command as { name: string }).name);
    return send.call(this, command, stream);
  };
  const emit = Redis.prototype.emit;
  Redis.prototype.emit = function (this: Redis, event: string | symbol, ...a: unknown[]) {
    if (event === 'message') add(c.received, String(a[0]));
    return emit.call(this, event, ...a);
  };
  return () => structuredClone(c);
}

/** after - before, per key, dropping zeros. */
export function countsBetween(before: Counts, after: Counts): Counts {
  const diff = (a: Record<string, number>, b: Record<string, number>) => Object.fromEntries(Object.entries(a).flatMap(([k, v]) => (v - (b[k] ?? 0) ? [[k, v - (b[k] ?? 0)]] : [])));
  return { sql: diff(after.sql, before.sql), connects: after.connects - before.connects, redis: diff(after.redis, before.redis), received: diff(after.received, before.received) };
}

/** The counts of several processes summed. */
export function sumCounts(xs: Counts[]): Counts {
  const out: Counts = { sql: {}, connects: 0, redis: {}, received: {} };
  for (const x of xs) {
    out.connects += x.connects;
    for (const k of ['sql', 'redis', 'received'] as const) for (const [key, v] of Object.entries(x[k])) out[k][key] = (out[k][key] ?? 0) + v;
  }
  return out;
}
