import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from './driver.js';

const OPEN = 180_000; // PGlite's initdb is slow on a busy machine

describe.each(['worker', 'main'] as const)('PGlite on the %s thread', (pgliteThread) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openDb({ dataDir: 'memory://', pgliteThread });
    await h.exec('create table t (id int primary key, note text)');
  }, OPEN);
  afterAll(() => h?.close());

  it('answers rows as before: int8 and numeric as numbers, dates, json, bytea, bigint parameters', async () => {
    const r = await sql<Record<string, unknown>>`select 9007199254740991::int8 as a, 2.5::numeric as b, timestamptz '2026-01-02 03:04:05Z' as c,
      '{"x":[1]}'::jsonb as d, '\\x0102'::bytea as e, ${123n}::int8 as f, ${new Date('2026-05-06T07:08:09Z')}::timestamptz as g`.execute(h.db);
    expect(r.rows).toEqual([
      {
        a: 9007199254740991,
        b: 2.5,
        c: new Date('2026-01-02T03:04:05Z'),
        d: { x: [1] },
        e: new Uint8Array([1, 2]),
        f: 123,
        g: new Date('2026-05-06T07:08:09Z'),
      },
    ]);
    const ins = await h.db.withTables<{ t: { id: number; note: string } }>().insertInto('t').values({ id: 100, note: 'n' }).executeTakeFirst();
    expect(ins.numInsertedOrUpdatedRows).toBe(1n);
  });

  it('keeps PostgreSQL error fields: code, constraint, message', async () => {
    await h.exec(`insert into t values (1, 'a')`);
    const err = await sql`insert into t values (1, 'again')`.execute(h.db).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't', message: expect.stringContaining('t_pkey') });
    const viaExec = await h.exec('select 1/0').catch((e: unknown) => e);
    expect(viaExec).toMatchObject({ code: '22012' });
  });

  it('runs no other statement inside an open transaction; a throw rolls it back', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside!: () => void;
    const begun = new Promise<void>((r) => (inside = r));
    const tx = h.db.transaction().execute(async (trx) => {
      await sql`insert into t values (2, 'tx')`.execute(trx);
      inside();
      await held;
      order.push('commit');
    });
    await begun;
    // raw statements (migrations, seeds) bypass Kysely's connection lock: they must still wait
    const outside = h
      .withConnection((q) => q('select count(*)::int as n from t where id = 2'))
      .then((rows) => {
        order.push('outside');
        return rows;
      });
    await new Promise((r) => setTimeout(r, 100));
    release();
    await tx;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['commit', 'outside']);

    await expect(
      h.db.transaction().execute(async (trx) => {
        await sql`insert into t values (3, 'gone')`.execute(trx);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const failed = await h.db
      .transaction()
      .execute(async (trx) => sql`insert into t values (2, 'dup')`.execute(trx))
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505' });
    const left = await sql<{ id: number }>`select id from t where id in (2, 3) order by id`.execute(h.db);
    expect(left.rows).toEqual([{ id: 2 }]);
  });

  it(pgliteThread === 'worker' ? 'answers a timer while a long statement runs' : 'holds timers until a long statement ends', async () => {
    const order: string[] = [];
    const long = sql`select pg_sleep(1)`.execute(h.db).then(() => order.push('query'));
    await new Promise<void>((r) => setTimeout(() => r(void order.push('timer')), 20));
    await long;
    expect(order).toEqual(pgliteThread === 'worker' ? ['timer', 'query'] : ['query', 'timer']);
  });
});

describe('PGlite thread on a data folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pitboss-pglite-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    'keeps what was committed across close and reopen',
    async () => {
      const a = await openDb({ dataDir: dir });
      await a.exec(`create table kept (v text); insert into kept values ('x')`);
      await a.close();
      const b = await openDb({ dataDir: dir });
      try {
        expect((await sql<{ v: string }>`select v from kept`.execute(b.db)).rows).toEqual([{ v: 'x' }]);
      } finally {
        await b.close();
      }
    },
    2 * OPEN,
  );
});
