/**
 * Start-up against the services the server needs (PostgreSQL, Redis): each is asked until it
 * answers, with one readable line per failed try naming the setting and the address (password
 * hidden), backing off up to the start timeout; then a StartupError whose message is the one line
 * main prints before it exits 1. An orchestrator restarting a crash loop shows those lines, not a
 * driver's stack.
 */
import { startExit, StartupError } from '../startupError.js';

/** The address of a connection URL as a log may show it: the password replaced by `***`. */
export function hidePassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(a URL that does not parse)';
  }
}

const why = (e: unknown) => {
  const err = e as { code?: string; message?: string; errors?: { code?: string; message?: string }[] };
  const inner = err.errors?.[0] ?? err;
  return (inner.code ?? inner.message ?? String(e)).split('\n')[0];
};

export interface Service {
  /** the setting that names it, e.g. DATABASE_URL */
  setting: string;
  url: string;
  /** one try: resolves when the service answers */
  ping(): Promise<void>;
}

/** Tries `s.ping` until it answers (backoff 0.5 s doubling to 8 s) or `timeoutMs` has passed. */
export async function waitForService(s: Service, timeoutMs: number, log: (line: string) => void = (l) => console.error(l)): Promise<void> {
  const end = Date.now() + timeoutMs;
  const at = hidePassword(s.url);
  for (let wait = 500; ; wait = Math.min(wait * 2, 8_000)) {
    try {
      await s.ping();
      return;
    } catch (e) {
      // a wrong address, database or login: said at once, not retried as if the service were down
      if (e instanceof StartupError) throw e;
      const left = end - Date.now();
      if (left <= 0)
        throw new StartupError(
          `${s.setting}: ${at} did not answer within ${Math.round(timeoutMs / 1000)} s (${why(e)}); check the address and that the service runs, then start again`,
        );
      log(`${s.setting}: cannot reach ${at} (${why(e)}); retrying in ${(Math.min(wait, left) / 1000).toFixed(1)} s`);
      await new Promise((r) => setTimeout(r, Math.min(wait, left)));
    }
  }
}

/** One PostgreSQL connection opened, asked `select 1` and closed. */
export const postgresService = (url: string): Service => ({
  setting: 'DATABASE_URL',
  url,
  async ping() {
    const at = (() => {
      try {
        return new URL(url);
      } catch {
        return null;
      }
    })();
    if (!at || !/^postgres(ql)?:$/.test(at.protocol))
      throw new StartupError(`DATABASE_URL does not parse as a PostgreSQL address: write it as postgres://user:password@host:5432/database`, startExit.database);
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    c.on('error', () => {});
    try {
      await c.connect();
      await c.query('select 1');
    } catch (e) {
      const code = (e as { code?: string }).code;
      const name = decodeURIComponent(at.pathname.slice(1)) || at.username;
      if (code === '3D000')
        throw new StartupError(`DATABASE_URL: ${hidePassword(url)} names a database that does not exist: create it (createdb ${name}) or fix the name`, startExit.database);
      if (code === '28P01' || code === '28000')
        throw new StartupError(`DATABASE_URL: ${hidePassword(url)} refused the login (${code}): fix the user or password in DATABASE_URL`, startExit.database);
      throw e;
    } finally {
      await c.end().catch(() => {});
    }
  },
});

/** One Redis connection opened, PINGed and closed, without ioredis's own retries. */
export const redisService = (url: string): Service => ({
  setting: 'REDIS_URL',
  url,
  async ping() {
    const { Redis } = await import('ioredis');
    const r = new Redis(url, { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
    // ioredis rejects with "Connection is closed."; the socket's own error says why
    let cause: Error | undefined;
    r.on('error', (e: Error) => (cause ??= e));
    try {
      await r.connect().catch((e: Error) => Promise.reject(cause ?? e));
      await r.ping();
    } finally {
      r.disconnect();
    }
  },
});
