import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './driver.js';

const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
const LOCK = 7247001;

/**
 * Applies every `migrations/NNN_name.sql` not yet recorded, in name order, each in its own
 * transaction, on one connection holding an advisory lock so starting instances never race.
 */
/** The migration files this build carries, in the order they apply. */
export async function migrationFiles(): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
}

export async function migrate(h: DbHandle): Promise<string[]> {
  const files = await migrationFiles();
  return h.withConnection(async (query) => {
    await query(`select pg_advisory_lock(${LOCK})`);
    try {
      await query('create table if not exists schema_migration (name text primary key, applied_at timestamptz not null default now())');
      const done = new Set((await query('select name from schema_migration')).map((r) => String(r.name)));
      const applied: string[] = [];
      for (const f of files) {
        if (done.has(f)) continue;
        const text = await readFile(dir + f, 'utf8');
        try {
          await query(`begin;\n${text}\n;\ninsert into schema_migration(name) values ('${f.replace(/'/g, "''")}');\ncommit;`);
        } catch (e) {
          await query('rollback').catch(() => {});
          throw new Error(`migration ${f} failed: ${(e as Error).message}`);
        }
        applied.push(f);
      }
      return applied;
    } finally {
      await query(`select pg_advisory_unlock(${LOCK})`);
    }
  });
}
