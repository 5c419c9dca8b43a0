import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './driver.js';

const migrations = fileURLToPath(new URL('./migrations/', import.meta.url));
const functions = fileURLToPath(new URL('./functions/', import.meta.url));
const LOCK = 7247001;

type Query = (text: string) => Promise<Record<string, unknown>[]>;
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sqlFiles = async (dir: string) => (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();

/** The migration files this build carries, in the order they apply. */
export const migrationFiles = () => sqlFiles(migrations);

/**
 * Runs `fn` while holding the start-up advisory lock on a connection of its own, so what several
 * instances starting at once on one database do (migrate, seed the demo site) happens one at a
 * time: the others wait, then find it done. On PGlite (one process) it just runs `fn`.
 */
export function underStartLock<T>(h: DbHandle, fn: (query: Query) => Promise<T>): Promise<T> {
  return h.withConnection(async (query) => {
    await query(`select pg_advisory_lock(${LOCK})`);
    try {
      return await fn(query);
    } finally {
      await query(`select pg_advisory_unlock(${LOCK})`);
    }
  });
}

/**
 * Brings a database to this code's schema, on one connection holding an advisory lock so starting
 * instances never race: first every `migrations/NNN_name.sql` not yet recorded (tables and data),
 * in name order, each in its own transaction; then the live SQL of `functions/` (every function
 * and trigger the code calls, each file the version that runs). Answers the migrations applied.
 */
export async function migrate(h: DbHandle): Promise<string[]> {
  const files = await migrationFiles();
  return underStartLock(h, async (query) => {
    await query('create table if not exists schema_migration (name text primary key, applied_at timestamptz not null default now())');
    const done = new Set((await query('select name from schema_migration')).map((r) => String(r.name)));
    const applied: string[] = [];
    for (const f of files) {
      if (done.has(f)) continue;
      const text = await readFile(migrations + f, 'utf8');
      try {
        await query(`begin;\n${text}\n;\ninsert into schema_migration(name) values (${quote(f)});\ncommit;`);
      } catch (e) {
        await query('rollback').catch(() => {});
        throw new Error(`migration ${f} failed: ${(e as Error).message}`, { cause: e });
      }
      applied.push(f);
    }
    await applyFunctions(query, applied.length > 0);
    return applied;
  });
}

/**
 * Applies, in name order and in one transaction, every function file whose content hash differs
 * from the one recorded in `schema_function` (all of them when `all`: a migration just ran and may
 * have replaced or dropped something a file defines). Files run after the migrations, so a
 * migration never relies on them: on a fresh database its tables are still empty, and one that
 * needs a function in its own step defines what it needs inline. Each file must be re-runnable
 * (`create or replace`; a changed signature drops the old one first).
 */
async function applyFunctions(query: Query, all: boolean): Promise<string[]> {
  await query('create table if not exists schema_function (name text primary key, hash text not null, applied_at timestamptz not null default now())');
  const known = new Map((await query('select name, hash from schema_function')).map((r) => [String(r.name), String(r.hash)]));
  const due: { name: string; text: string; hash: string }[] = [];
  for (const name of await sqlFiles(functions)) {
    const text = await readFile(functions + name, 'utf8');
    const hash = createHash('sha256').update(text).digest('hex');
    if (all || known.get(name) !== hash) due.push({ name, text, hash });
  }
  if (!due.length) return [];
  const body = due
    .map(
      (f) => `${f.text}\n;\ninsert into schema_function (name, hash) values (${quote(f.name)}, ${quote(f.hash)})
      on conflict (name) do update set hash = excluded.hash, applied_at = now();`,
    )
    .join('\n');
  try {
    await query(`begin;\n${body}\ncommit;`);
  } catch (e) {
    await query('rollback').catch(() => {});
    throw new Error(`function files ${due.map((f) => f.name).join(', ')} failed: ${(e as Error).message}`, { cause: e });
  }
  return due.map((f) => f.name);
}
