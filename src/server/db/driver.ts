import { Kysely, PGliteDialect, PostgresDialect, sql, type PGlite } from 'kysely';
import { openPgliteThread } from './pgliteThread.js';
import { numberParsers } from './pgliteWire.js';
import { dumpPglite, pgliteOpening, type PgliteWhere } from './pgliteDump.js';
import { countingDialect, type PoolGauge } from './poolGauge.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL text (migrations, seeds). */
  exec(text: string): Promise<void>;
  /** Runs `fn` on one dedicated connection, so session-level locks hold across its statements. */
  withConnection<T>(fn: (query: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** connections of the query layer in use and callers waiting for one */
  pool: PoolGauge;
  /** PGlite only: a consistent snapshot of the data folder (gzipped tar) */
  dump?(): Promise<Uint8Array>;
}

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (or memory for
 * 'memory://'): in a worker thread unless `pgliteThread` is 'main'.
 */
export async function openDb(opts: { url?: string; dataDir: string; snapshot?: string; poolSize?: number; pgliteThread?: 'worker' | 'main' }): Promise<DbHandle> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 20);
  const where = { dataDir: opts.dataDir, snapshot: opts.snapshot };
  return opts.pgliteThread === 'main' ? openPglite(where) : openPgliteWorker(where);
}

async function openPostgres(url: string, max: number): Promise<DbHandle> {
  const pg = (await import('pg')).default;
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => numberParsers[oid as keyof typeof numberParsers] ?? pg.types.getTypeParser(oid, format as 'text'),
  };
  const pool = new pg.Pool({ connectionString: url, max, types });
  // a connection lost while idle in the pool, or while checked out between two queries of a
  // transaction (a database restart, an administrator's terminate), surfaces on the next query
  // that uses it instead of crashing the process
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const gauge: PoolGauge = { inUse: 0, waiting: 0 };
  const db = new Kysely<Database>({ dialect: countingDialect(new PostgresDialect({ pool }), gauge) });
  return {
    db,
    pool: gauge,
    kind: 'postgres',
    async exec(text) {
      await pool.query(text);
    },
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn(async (text) => {
          const r = await client.query(text);
          return (Array.isArray(r) ? (r.at(-1)?.rows ?? []) : r.rows) as Record<string, unknown>[];
        });
      } finally {
        client.release();
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

/**
 * A handle on one PGlite, in either thread: Kysely's own PGlite driver runs over it unchanged (one
 * connection behind its mutex, each transaction PGlite's own, so no other statement runs inside
 * it), and `withConnection` needs no connection of its own. `rows` runs a multi-statement text and
 * answers the rows of its last statement.
 */
function pgliteHandle(pglite: PGlite, rows: (text: string) => Promise<Record<string, unknown>[]>, close: () => Promise<void>, dump: () => Promise<Uint8Array>): DbHandle {
  const gauge: PoolGauge = { inUse: 0, waiting: 0 };
  const db = new Kysely<Database>({ dialect: countingDialect(new PGliteDialect({ pglite }), gauge) });
  return {
    db,
    pool: gauge,
    dump,
    kind: 'pglite',
    async exec(text) {
      await rows(text);
    },
    withConnection: (fn) => fn(rows),
    async close() {
      await db.destroy();
      await close();
    },
  };
}

/** PGlite answers from a worker thread, so a long statement (a report, a migration) does not stall the HTTP event loop. */
async function openPgliteWorker(where: PgliteWhere): Promise<DbHandle> {
  const pglite = await openPgliteThread(where);
  return pgliteHandle(
    pglite,
    (text) => pglite.exec(text),
    () => pglite.close(),
    () => pglite.dump(),
  );
}

async function openPglite(where: PgliteWhere): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const o = await pgliteOpening(where);
  const pglite = await PGlite.create(o.dataDir, { parsers: numberParsers, loadDataDir: o.loadDataDir });
  return pgliteHandle(
    pglite,
    async (text) => ((await pglite.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[],
    async () => {
      if (!pglite.closed) await pglite.close();
    },
    () => dumpPglite(pglite),
  );
}

export { sql };
