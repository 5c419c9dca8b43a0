import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/server.js';
import { freshPostgres, testDb, type TestServer } from './harness.js';
import { callback, tx } from './gamesKit.js';
import { freePort } from './moneyKit.js';
import { runBlock, runbookBlocks, runbookHost, type RunbookHost } from './runbookKit.js';

const blocks = runbookBlocks();

/** The Korea-time month `back` months before now: its name (YYYY-MM) and noon of its 10th day. */
function pastMonth(back: number) {
  const k = new Date(Date.now() + 9 * 3_600_000);
  const name = new Date(Date.UTC(k.getUTCFullYear(), k.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
  return { name, mid: new Date(`${name}-10T12:00:00+09:00`) };
}

// the drill and the archive on the database of the step (PGlite, then PostgreSQL), each on its own copy of the run's seeded site
describe(`docs/runbook.md, run as written (${testDb})`, () => {
  let host: RunbookHost;
  beforeAll(async () => {
    host = await runbookHost();
  }, 300_000);
  afterAll(() => host?.close());

  it('the restore drill: a backup restored into a new place, its balances and audit chains proved, a server started on it with the same keys, the copy dropped', async () => {
    const db = await host.database();
    const r = await runBlock(blocks.get('restore-drill')!, host.dir, { ...host.env, ...db.env, DRILL_PORT: String(await freePort()) });
    expect(r.code, r.out).toBe(0);
    const kind = testDb === 'postgres' ? 'pgdump' : 'pglite';
    expect(r.out).toMatch(new RegExp(`^backup written: backups/pitboss-\\d{8}T\\d{6}\\.${kind}\\.sealed`, 'm'));
    const into = /^restored backups\/\S+ into (\S+)$/m.exec(r.out)?.[1];
    expect(into, r.out).toMatch(testDb === 'postgres' ? /^pitboss_drill_\d{14}_\d+$/ : /^drill-data$/);
    expect(r.out).toMatch(/^demo: OK \(\d+ members, \d+ entries\)$/m);
    expect(r.out).toMatch(/^demo: OK \(\d+ rows\)$/m);
    expect(r.out).toMatch(/^platform: OK \(\d+ rows\)$/m);
    expect(readFileSync(join(host.dir, 'drill.log'), 'utf8')).toContain('Stopped.');
    // the copy is gone
    if (testDb === 'postgres') {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      const left = await c.query('select 1 from pg_database where datname = $1', [into]);
      await c.end();
      expect(left.rowCount).toBe(0);
    } else expect(existsSync(join(host.dir, 'drill-data'))).toBe(false);
  }, 600_000);

  it('archiving a month: out of the live tables into a sealed file, the ledger check and audit chains still whole, a second run refused', async () => {
    const db = await host.database();
    // bets settled two months ago: the demo site's server with its clock set back then
    const month = pastMonth(2);
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      databaseUrl: db.url,
      dataDir: db.dataDir ?? 'memory://',
      staticDir: '/nonexistent',
      clockOffsetMs: month.mid.getTime() - Date.now(),
      logLevel: 'silent',
      auditHeadsFile: null,
    });
    try {
      const site = (await server.app.db.selectFrom('site').select(['id']).where('prefix', '=', 'demo').executeTakeFirstOrThrow()).id;
      const s = { app: server.app, siteId: site, raw: (path: string, init: RequestInit) => fetch(server.url + path, init) } as unknown as TestServer;
      for (const memId of ['user1', 'user2']) {
        const txId = tx('archive');
        expect((await callback(s, 'demo-slot', 'bet', { memId, txId, roundId: `r-${txId}`, gameCode: 'lucky-sevens', amount: 10_000 })).resultCode).toBe('0');
        expect((await callback(s, 'demo-slot', 'win', { memId, txId: `${txId}:w`, betTxId: txId, amount: 25_000 })).resultCode).toBe('0');
      }
      await server.app.accrual.flush();
    } finally {
      await server.close();
    }

    const r = await runBlock(blocks.get('archive-month')!, host.dir, { ...host.env, ...db.env, ARCHIVE_MONTH: month.name });
    expect(r.code, r.out).toBe(0);
    const file = `archives/pitboss-history-${month.name}.${testDb === 'postgres' ? 'pgdump' : 'pglite'}.sealed`;
    const archived = new RegExp(
      `^archived ${month.name} into ${file} \\(sealed under PITBOSS_BACKUP_KEY; rows: bet (\\d+), ledger_entry (\\d+), wallet_tx (\\d+)\\); its tables dropped$`,
      'm',
    ).exec(r.out);
    expect(archived, r.out).not.toBeNull();
    expect(archived!.slice(1).map(Number)).toEqual([2, expect.any(Number), 4]);
    expect(r.out).toMatch(/^demo: OK \(\d+ members, \d+ entries\)$/m);
    expect(r.out).toMatch(/^demo: OK \(\d+ rows\)$/m);
    expect(r.out).toContain(`${month.name} is archived already: its tables are gone`);
    expect(readdirSync(join(host.dir, 'archives'))).toEqual([file.slice('archives/'.length)]);

    // on PostgreSQL the archive loads into an empty database and holds the month's rows
    if (testDb === 'postgres') {
      const empty = await freshPostgres();
      try {
        const restored = await runBlock(`node dist-server/cli.js restore ${file} ${empty.url}`, host.dir, host.env);
        expect(restored.code, restored.out).toBe(0);
        const c = new pg.Client({ connectionString: empty.url });
        await c.connect();
        const part = month.name.replace('-', '_');
        const n = await c.query(
          `select (select count(*) from bet_${part})::int b, (select count(*) from ledger_entry_${part})::int e, (select count(*) from wallet_tx_${part})::int w`,
        );
        await c.end();
        expect([n.rows[0].b, n.rows[0].e, n.rows[0].w]).toEqual(archived!.slice(1).map(Number));
      } finally {
        await empty.drop();
      }
    }
  }, 600_000);
});
