import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { entryArgs, spawnServer, type ServerProcess } from '../../scripts/serverProcess.js';
import { openDb } from '../../src/server/db/driver.js';
import { refusalExit } from '../../src/server/ops/refusal.js';
import { freshPostgres, pgAdminUrl, runsDatabaseFree } from './harness.js';
import { freePort } from './moneyKit.js';
import { cli, oneLine } from './opsCli.js';

const key = () => randomBytes(32).toString('base64');

const pgClient = new pg.Client({ connectionString: pgAdminUrl });
const pgUp = await pgClient.connect().then(
  () => pgClient.end().then(() => true),
  () => false,
);

// exercises PGlite and PostgreSQL itself, whichever database the run is for: once per `npm test` (harness.ts, runsDatabaseFree)
describe.runIf(runsDatabaseFree)('backup and restore guards, backups sealed under the backup key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pitboss-guards-'));
  const data = join(dir, 'data');
  const K = key();
  let srv: ServerProcess | null = null;
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    srv?.proc.kill('SIGKILL');
    for (const d of drops) await d();
    rmSync(dir, { recursive: true, force: true });
  });

  it('no backup key: refused in one line, exit 5', async () => {
    const r = await cli(['backup', join(dir, 'x.sealed')], { PITBOSS_DATA: data });
    expect(r.code).toBe(refusalExit['no-key']);
    expect(r.out).toContain('no backup key: set PITBOSS_BACKUP_KEY');
    oneLine(r.out);
  }, 60_000);

  it.runIf(pgUp)(
    'a PostgreSQL backup into a folder: the dated file written inside it',
    async () => {
      const fresh = await freshPostgres();
      drops.push(fresh.drop);
      const into = join(dir, 'pg-backups');
      mkdirSync(into);
      const r = await cli(['backup', into], { DATABASE_URL: fresh.url, PITBOSS_BACKUP_KEY: K });
      expect(r.code, r.out).toBe(0);
      expect(r.out).toMatch(new RegExp(`^backup written: ${into}/pitboss-\\d{8}T\\d{6}\\.pgdump\\.sealed \\(sealed under PITBOSS_BACKUP_KEY\\)$`));
      expect(readdirSync(into)).toHaveLength(1);
    },
    60_000,
  );

  it('a folder a running server holds: the offline backup refuses and names the live one; with METRICS_PORT the live backup is sealed', async () => {
    const metricsPort = String(await freePort());
    srv = await spawnServer({ ...process.env, PITBOSS_DATA: data, PITBOSS_STATIC: '/nonexistent', NODE_ENV: 'test', METRICS_PORT: metricsPort }, undefined, 600_000);
    const held = await cli(['backup', join(dir, 'y.sealed')], { PITBOSS_DATA: data, PITBOSS_BACKUP_KEY: K });
    expect(held.code).toBe(refusalExit['folder-held']);
    expect(held.out).toContain(
      `is held by a running server (pid ${srv.proc.pid}, live backup at http://127.0.0.1:${metricsPort}/backup): take the live backup through its METRICS_PORT listener`,
    );
    oneLine(held.out);
    // a second server on the same folder does not start either
    const second = await cli([], { PITBOSS_DATA: data, PORT: '0', PITBOSS_STATIC: '/nonexistent', NODE_ENV: 'test' }, entryArgs());
    expect(second.code).toBe(1);
    expect(second.out).toContain(`Pitboss did not start: PITBOSS_DATA ${data} is held by another running server (pid ${srv.proc.pid})`);

    const live = await cli(['backup', join(dir, 'live.sealed')], { PITBOSS_DATA: data, PITBOSS_BACKUP_KEY: K, METRICS_PORT: metricsPort });
    expect(live.out).toContain('backup written');
    expect(live.code).toBe(0);
    const bytes = readFileSync(join(dir, 'live.sealed'));
    expect(bytes.subarray(0, 8).toString()).toBe('PITBOSSB');
    // a backup alone is not readable: no gzip, no tar, anywhere in it
    expect(() => gunzipSync(bytes)).toThrow();
    expect(() => gunzipSync(bytes.subarray(29))).toThrow();
    expect(bytes.includes(Buffer.from('PG_VERSION'))).toBe(false);
  }, 900_000);

  it('restore: needs an explicit target, refuses a folder holding anything, another key, a damaged file; the old key opens it after rotation', async () => {
    const file = join(dir, 'live.sealed');
    const noTarget = await cli(['restore', file], { PITBOSS_BACKUP_KEY: K, PITBOSS_DATA: data });
    expect(noTarget.code).toBe(refusalExit.usage);
    expect(noTarget.out).toContain('restore needs the backup file and an explicit target');
    oneLine(noTarget.out);

    const full = await cli(['restore', file, data], { PITBOSS_BACKUP_KEY: K });
    expect(full.code).toBe(refusalExit['target-not-empty']);
    expect(full.out).toBe(`${data} is not empty: restore into a new data folder`);

    const other = await cli(['restore', file, join(dir, 'r1')], { PITBOSS_BACKUP_KEY: key() });
    expect(other.code).toBe(refusalExit['wrong-key']);
    expect(other.out).toContain('was sealed under another backup key');
    oneLine(other.out);

    const bad = readFileSync(file);
    bad[bad.length - 100] ^= 1;
    writeFileSync(join(dir, 'bad.sealed'), bad);
    const damaged = await cli(['restore', join(dir, 'bad.sealed'), join(dir, 'r2')], { PITBOSS_BACKUP_KEY: K });
    expect(damaged.code).toBe(refusalExit['not-backup']);
    expect(damaged.out).toContain('is damaged');
    oneLine(damaged.out);

    // rotated: a new current key, the old one kept for restores
    const ok = await cli(['restore', file, join(dir, 'r3')], { PITBOSS_BACKUP_KEY: key(), PITBOSS_BACKUP_OLD_KEYS: `${key()},${K}` });
    expect(ok.out).toContain('restored');
    expect(ok.code).toBe(0);
    const h = await openDb({ dataDir: join(dir, 'r3'), pgliteThread: 'main' });
    try {
      expect((await h.db.selectFrom('site').select('prefix').execute()).map((s) => s.prefix)).toContain('demo');
    } finally {
      await h.close();
    }
  }, 600_000);

  it.runIf(pgUp)(
    'PostgreSQL: a restore into a database holding any table is refused, and nothing is added to it',
    async () => {
      const target = await freshPostgres();
      drops.push(target.drop);
      const c = new pg.Client({ connectionString: target.url });
      await c.connect();
      await c.query('create table keep_me (x int)');
      await c.end();
      const r = await cli(['restore', join(dir, 'live.sealed'), target.url], { PITBOSS_BACKUP_KEY: K });
      expect(r.code).toBe(refusalExit['target-not-empty']);
      expect(r.out).toMatch(/already holds 1 table\(s\): restore into a new empty database \(createdb\) instead$/);
      oneLine(r.out);
    },
    120_000,
  );
});
