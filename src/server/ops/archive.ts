import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { DbHandle } from '../db/driver.js';
import { historyDetach } from '../domain/money/historyUpkeep.js';
import { tool } from './backup.js';
import { openTo, sealTo, type BackupKeys } from './backupCrypto.js';
import { OpsRefusal } from './refusal.js';

const TABLES = ['bet', 'ledger_entry', 'wallet_tx'];

/**
 * One past month of the history tables out of the live database, into a file sealed under the
 * backup key (docs/runbook.md, "Archiving a month"). The month is detached first (history_detach
 * refuses, changing nothing, while it is open; the ledger check then counts its sums from
 * ledger_archive). Its three tables are made self-contained (no key to the live tables, no
 * default from their sequences) and exported: on PostgreSQL by pg_dump, so `restore` loads them
 * into an empty database; on PGlite as a snapshot of the folder, which holds them. The file is
 * opened again, and only then are the tables dropped. Run again after a failure, it goes on from
 * where it stopped. Answers the rows each table held.
 */
export async function archiveMonth(handle: DbHandle, month: string, file: string, keys: BackupKeys, at: Date, databaseUrl?: string): Promise<Record<string, number>> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new OpsRefusal('usage', `${month} is not a month: archive-month YYYY-MM`);
  const { db } = handle;
  const tables = TABLES.map((t) => `${t}_${month.replace('-', '_')}`);
  const archived = await db.selectFrom('history_archive').select('month').where('month', '=', month).executeTakeFirst();
  if (!archived) {
    await historyDetach(db, month, at).catch((e: Error) => {
      const why = /history_detach: (.*)/.exec(e.message)?.[1];
      if (!why) throw e;
      throw new OpsRefusal('not-archivable', `${why}: nothing archived (a month is archived once it is over, its bets settled and its ledger applied)`);
    });
  }
  const present = await Promise.all(tables.map(async (t) => (await sql<{ r: string | null }>`select to_regclass(${t})::text as r`.execute(db)).rows[0].r !== null));
  if (!present.every(Boolean)) throw new OpsRefusal('usage', `${month} is archived already: its tables are gone (${tables.filter((_, i) => !present[i]).join(', ')})`);

  const rows: Record<string, number> = {};
  for (const [i, t] of tables.entries()) {
    rows[TABLES[i]] = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(t)}`.execute(db)).rows[0].n);
    const keysOut = await sql<{ c: string }>`select conname as c from pg_constraint where conrelid = ${t}::regclass and contype = 'f'`.execute(db);
    for (const { c } of keysOut.rows) await sql`alter table ${sql.table(t)} drop constraint ${sql.ref(c)}`.execute(db);
    const defaults = await sql<{ a: string }>`select attname as a from pg_attribute where attrelid = ${t}::regclass and atthasdef and not attisdropped`.execute(db);
    for (const { a } of defaults.rows) await sql`alter table ${sql.table(t)} alter column ${sql.ref(a)} drop default`.execute(db);
  }

  if (databaseUrl) {
    const only = tables.flatMap((t) => ['--table', `public.${t}`]);
    await tool('pg_dump', ['--format=custom', '--no-owner', ...only, '--dbname', databaseUrl], (out) => sealTo(file, out, keys));
  } else await sealTo(file, await handle.dump!(), keys);

  // the tables go only once the file opens again under the key (and, from pg_dump, lists each table's rows)
  const tmp = await mkdtemp(join(tmpdir(), 'pitboss-archive-'));
  try {
    const plain = join(tmp, 'archive');
    await openTo(file, plain, keys);
    if (databaseUrl) {
      let list = '';
      await tool('pg_restore', ['--list', plain], async (out) => {
        for await (const chunk of out) list += chunk;
      });
      const missing = tables.filter((t) => !new RegExp(`TABLE DATA public ${t} `).test(list));
      if (missing.length) throw new Error(`the archive ${file} does not list ${missing.join(', ')}: tables kept`);
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  await sql`drop table ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
  return rows;
}
