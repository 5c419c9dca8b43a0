import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A snapshot of a PGlite data folder (gzipped tar) that PGlite loads back with `loadDataDir`:
 * taken after a checkpoint and under PGlite's query lock (between statements), so it holds what
 * committed; a transaction open at that moment is rolled back when it is loaded, as after a crash.
 */
export async function dumpPglite(db: PGlite): Promise<Uint8Array> {
  await db.exec('checkpoint');
  const blob = await db.dumpDataDir('gzip');
  return new Uint8Array(await blob.arrayBuffer());
}

/** Where PGlite opens: a data folder, or memory ('memory://'), empty or loaded from a snapshot file. */
export interface PgliteWhere {
  dataDir: string;
  snapshot?: string;
}

/** PGlite.create's folder and, for memory with a snapshot, the snapshot to load. */
export async function pgliteOpening(where: PgliteWhere): Promise<{ dataDir: string | undefined; loadDataDir: Blob | undefined }> {
  const memory = where.dataDir === 'memory://';
  return { dataDir: memory ? undefined : where.dataDir, loadDataDir: memory && where.snapshot ? new Blob([await readFile(where.snapshot)]) : undefined };
}
