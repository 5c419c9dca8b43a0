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
