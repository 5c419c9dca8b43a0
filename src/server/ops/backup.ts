import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import type { DbHandle } from '../db/driver.js';
import { hidePassword } from './startup.js';
import { openTo, sealTo, type BackupKeys } from './backupCrypto.js';
import { OpsRefusal } from './refusal.js';

/** Runs a PostgreSQL client tool; its stdout goes to `onStdout` when given. A missing tool is refused in words. */
export function tool(cmd: string, args: string[], onStdout?: (out: Readable) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'pipe'] });
    let err = '';
    p.stderr!.on('data', (d) => (err += d));
    const piped = onStdout ? onStdout(p.stdout!) : Promise.resolve();
    p.once('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'ENOENT' ? new OpsRefusal('unreachable', `${cmd} is not installed: install the PostgreSQL client tools (Debian: postgresql-client)`) : e),
    );
    p.once('exit', (code) => {
      piped.then(() => (code === 0 ? resolve() : reject(new Error(`${cmd} failed: ${err.trim().split('\n')[0] || `exit ${code}`}`))), reject);
    });
  });
}

/**
 * A consistent snapshot, sealed under the backup key: on PostgreSQL `pg_dump` in its custom format
 * (one repeatable-read snapshot; needs the PostgreSQL client tools), streamed into the seal so no
 * plain copy touches the disk; on PGlite the data folder as a gzipped tar taken by the running
 * handle (see db/pgliteDump.ts).
 */
export async function backupTo(file: string, from: { handle?: DbHandle; databaseUrl?: string }, keys: BackupKeys): Promise<void> {
  if (from.databaseUrl) {
    await tool('pg_dump', ['--format=custom', '--no-owner', '--dbname', from.databaseUrl], (out) => sealTo(file, out, keys));
    return;
  }
  if (!from.handle?.dump) throw new Error('backup needs DATABASE_URL or an open PGlite handle');
  await sealTo(file, await from.handle.dump(), keys);
}

/** The tables a PostgreSQL database holds outside the system schemas. */
async function tablesIn(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  c.on('error', () => {});
  try {
    await c.connect();
  } catch (e) {
    throw new OpsRefusal(
      'unreachable',
      `cannot reach ${hidePassword(url)} (${(e as { code?: string }).code ?? (e as Error).message}): create the empty database first (createdb) and check the address`,
    );
  }
  try {
    const r = await c.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
    return r.rows[0].n;
  } finally {
    await c.end().catch(() => {});
  }
}

/**
 * Brings a sealed backup back into a NEW place, refusing any that already holds something: a
 * PGlite snapshot into a missing or empty data folder; a pg_dump into an existing database with
 * no table (`createdb` it first). The backup is opened into a private temporary file first, so
 * nothing is written to the target unless its seal verifies.
 */
export async function restoreFrom(file: string, to: { dataDir?: string; databaseUrl?: string }, keys: BackupKeys): Promise<void> {
  if (!existsSync(file)) throw new OpsRefusal('usage', `${file} does not exist: give the backup file to restore`);
  if (to.databaseUrl) {
    const n = await tablesIn(to.databaseUrl);
    if (n > 0) throw new OpsRefusal('target-not-empty', `${hidePassword(to.databaseUrl)} already holds ${n} table(s): restore into a new empty database (createdb) instead`);
  } else {
    const dir = to.dataDir!;
    if (existsSync(dir) && readdirSync(dir).length > 0) throw new OpsRefusal('target-not-empty', `${dir} is not empty: restore into a new data folder`);
  }
  const tmp = await mkdtemp(join(tmpdir(), 'pitboss-restore-'));
  try {
    const plain = join(tmp, 'backup');
    await openTo(file, plain, keys);
    if (to.databaseUrl) {
      await tool('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', to.databaseUrl, plain]);
      return;
    }
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(to.dataDir!, { loadDataDir: new Blob([await readFile(plain)]) });
    await db.close();
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** `POST /backup` on the METRICS_PORT listener: the running PGlite's snapshot (the `backup` command asks it and seals it). */
export const backupCall =
  (handle: DbHandle) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'POST' || req.url !== '/backup' || !handle.dump) return false;
    const bytes = await handle.dump();
    res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.byteLength }).end(bytes);
    return true;
  };
