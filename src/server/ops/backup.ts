import { execFile } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { DbHandle } from '../db/driver.js';

const run = promisify(execFile);

/**
 * A consistent snapshot: on PostgreSQL `pg_dump` in its custom format (one repeatable-read
 * snapshot; needs the PostgreSQL client tools, Debian's `postgresql-client`); on PGlite the data
 * folder as a gzipped tar taken by the running handle (see db/pgliteDump.ts).
 */
export async function backupTo(file: string, from: { handle?: DbHandle; databaseUrl?: string }): Promise<void> {
  if (from.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', from.databaseUrl], { maxBuffer: 1 << 24 });
    return;
  }
  if (!from.handle?.dump) throw new Error('backup needs DATABASE_URL or an open PGlite handle');
  await writeFile(file, await from.handle.dump());
}

/**
 * Brings a backup back: a PGlite snapshot into a new (missing or empty) data folder; a pg_dump
 * file into an existing empty database (`createdb` it first).
 */
export async function restoreFrom(file: string, to: { dataDir?: string; databaseUrl?: string }): Promise<void> {
  if (to.databaseUrl) {
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', to.databaseUrl, file], { maxBuffer: 1 << 24 });
    return;
  }
  const dir = to.dataDir!;
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty: restore into a new data folder`);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dir, { loadDataDir: new Blob([await readFile(file)]) });
  await db.close();
}

/** `POST /backup` on the METRICS_PORT listener: the running PGlite's snapshot (`npm run backup` asks it). */
export const backupCall =
  (handle: DbHandle) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'POST' || req.url !== '/backup' || !handle.dump) return false;
    const bytes = await handle.dump();
    res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.byteLength }).end(bytes);
    return true;
  };
