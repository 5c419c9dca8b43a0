import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from './driver.js';
import { migrate } from './migrate.js';

const files = async () => (await readdir(fileURLToPath(new URL('./functions/', import.meta.url)))).filter((f) => f.endsWith('.sql')).sort();

describe('function files', () => {
  let h: DbHandle;
  const q = (text: string) => h.withConnection((query) => query(text));
  const body = async (name: string) => String((await q(`select prosrc from pg_proc where proname = '${name}'`))[0]?.prosrc);
  beforeAll(async () => {
    h = await openDb({ dataDir: 'memory://' });
    await migrate(h);
  }, 300_000);
  afterAll(() => h?.close());

  it('applies every file once, recording its hash', async () => {
    const rows = await q('select name, hash from schema_function order by name');
    expect(rows.map((r) => r.name)).toEqual(await files());
    expect(await migrate(h)).toEqual([]);
    expect(await q('select name, hash from schema_function order by name')).toEqual(rows);
  });

  it('puts a file back when its recorded hash differs from its content', async () => {
    const kept = await body('money_in_range');
    await q(`create or replace function money_in_range(p_balance bigint) returns void language plpgsql as $$ begin end $$`);
    await migrate(h);
    expect(await body('money_in_range')).not.toBe(kept);
    await q(`update schema_function set hash = 'old' where name = 'money_posting.sql'`);
    await migrate(h);
    expect(await body('money_in_range')).toBe(kept);
  });

  it('creates the triggers the files hold: a site is never deleted', async () => {
    await expect(q(`delete from site where id = 'nothing'`)).rejects.toThrow(/never deleted/);
  });
});
