import { spawn } from 'node:child_process';
import { createConnection, createServer, type Server } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { entryArgs } from '../../scripts/serverProcess.js';
import { freshPostgres, pgAdminUrl, runsDatabaseFree } from './harness.js';

/** Runs the server until it exits (or prints its running line, when `untilRunning`): its output and exit code. */
function runServer(env: NodeJS.ProcessEnv, untilRunning = false, onOutput: (out: string) => void = () => {}) {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...base } = process.env;
  const full: NodeJS.ProcessEnv = { ...base, PORT: '0', HOST: '127.0.0.1', PITBOSS_DATA: 'memory://', PITBOSS_STATIC: '/nonexistent', NODE_ENV: 'test', ...env };
  const proc = spawn(process.execPath, entryArgs(), { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const onData = (d: Buffer) => {
      out += d;
      onOutput(out);
      if (untilRunning && out.includes('Pitboss is running')) {
        proc.kill('SIGKILL');
        resolve({ code: null, out });
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.once('exit', (code) => resolve({ code, out }));
  });
}

const noStack = (out: string) => expect(out).not.toMatch(/^\s+at /m);

const answers = (port: number) =>
  new Promise<boolean>((r) => {
    const s = createConnection(port, '127.0.0.1')
      .once('connect', () => r(!!s.end()))
      .once('error', () => r(false));
  });

const pgClient = new pg.Client({ connectionString: pgAdminUrl });
const pgUp = await pgClient.connect().then(
  () => pgClient.end().then(() => true),
  () => false,
);
const redisUp = await answers(6379);

// exercises PGlite and PostgreSQL itself, whichever database the run is for: once per `npm test` (harness.ts, runsDatabaseFree)
describe.runIf(runsDatabaseFree)('start-up failures a person can read', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup) await c();
  });

  it('PostgreSQL unreachable: one line per try naming DATABASE_URL and the address without its password, then exit 1', async () => {
    const r = await runServer({ DATABASE_URL: 'postgres://pitboss:s3cret-pw@127.0.0.1:1/pitboss', PITBOSS_START_TIMEOUT: '2' });
    expect(r.code).toBe(1);
    expect(r.out).toContain('DATABASE_URL: cannot reach postgres://pitboss:***@127.0.0.1:1/pitboss (ECONNREFUSED); retrying in');
    expect(r.out).toMatch(/Pitboss did not start: DATABASE_URL: postgres:\/\/pitboss:\*\*\*@127\.0\.0\.1:1\/pitboss did not answer within 2 s \(ECONNREFUSED\)/);
    expect(r.out.match(/cannot reach/g)!.length).toBeGreaterThanOrEqual(2);
    expect(r.out).not.toContain('s3cret-pw');
    noStack(r.out);
  }, 120_000);

  it('Redis unreachable: the same, naming REDIS_URL', async () => {
    const r = await runServer({ REDIS_URL: 'redis://:s3cret-pw@127.0.0.1:1', PITBOSS_START_TIMEOUT: '1' });
    expect(r.code).toBe(1);
    expect(r.out).toContain('REDIS_URL: cannot reach redis://:***@127.0.0.1:1 (ECONNREFUSED)');
    expect(r.out).toContain('Pitboss did not start: REDIS_URL: redis://:***@127.0.0.1:1 did not answer within 1 s');
    expect(r.out).not.toContain('s3cret-pw');
    noStack(r.out);
  }, 120_000);

  /** the whole output: one line, no stack */
  const oneLine = (out: string) => {
    expect(out.trim().split('\n')).toHaveLength(1);
    noStack(out);
  };

  it.concurrent(
    'a data folder that cannot be written: one line naming PITBOSS_DATA and what to do, exit 3',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'pitboss-ro-'));
      cleanup.push(() => rm(dir, { recursive: true, force: true }));
      // a file where the folder's parent should be: unwritable for any user, root included
      await writeFile(join(dir, 'file'), '');
      const r = await runServer({ PITBOSS_DATA: join(dir, 'file', 'data') });
      expect(r.code).toBe(3);
      expect(r.out).toMatch(/^Pitboss did not start: PITBOSS_DATA \S+ cannot be written \(E[A-Z]+\): point PITBOSS_DATA at a folder this user can write/);
      oneLine(r.out);
    },
    120_000,
  );

  it.concurrent(
    'a malformed DATABASE_URL: one line, not retried as if unreachable, exit 4',
    async () => {
      const r = await runServer({ DATABASE_URL: 'postgres://pitboss:s3cret-pw@127.0.0.1:notaport/pitboss', PITBOSS_START_TIMEOUT: '30' });
      expect(r.code).toBe(4);
      expect(r.out).toMatch(/^Pitboss did not start: DATABASE_URL does not parse as a PostgreSQL address: write it as postgres:\/\/user:password@host:5432\/database$/m);
      expect(r.out).not.toContain('s3cret-pw');
      oneLine(r.out);
    },
    120_000,
  );

  it.concurrent(
    'a corrupt secrets file: one line naming the file, exit 5',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'pitboss-keys-'));
      cleanup.push(() => rm(dir, { recursive: true, force: true }));
      const file = join(dir, 'keys.json');
      await writeFile(file, '{"device-cookie": "ab');
      const r = await runServer({ PITBOSS_SECRETS_FILE: file });
      expect(r.code).toBe(5);
      expect(r.out).toMatch(new RegExp(`^Pitboss did not start: the secrets file ${file} \\(PITBOSS_SECRETS_FILE\\) is not JSON \\(.*\\): restore it from its backup`));
      oneLine(r.out);
    },
    120_000,
  );

  (pgUp ? it.concurrent : it.concurrent.skip)(
    'a PostgreSQL database that does not exist: one line naming DATABASE_URL and createdb, not retried, exit 4',
    async () => {
      const u = new URL(pgAdminUrl);
      u.pathname = '/pitboss_no_such_database';
      const r = await runServer({ DATABASE_URL: u.toString(), PITBOSS_START_TIMEOUT: '30' });
      expect(r.code).toBe(4);
      expect(r.out).toMatch(/^Pitboss did not start: DATABASE_URL: \S+ names a database that does not exist: create it \(createdb pitboss_no_such_database\) or fix the name$/m);
      oneLine(r.out);
    },
    120_000,
  );

  it('a failing migration is named, in one line, exit 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pitboss-badmig-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(dir);
    await db.exec('create table site (x int)');
    await db.close();
    const r = await runServer({ PITBOSS_DATA: dir, PITBOSS_PGLITE_THREAD: 'main' });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/Pitboss did not start: migration 001_core\.sql failed: .*site.*; the database stays at the migration before it/);
    noStack(r.out);
  }, 120_000);

  it.runIf(redisUp)(
    'a service that comes up within the start timeout: the server waits for it, then starts',
    async () => {
      // a gate that forwards to Redis, opened once the server has said it cannot reach it
      let gate: Server | undefined;
      const port = await new Promise<number>((r) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const p = (probe.address() as { port: number }).port;
          probe.close(() => r(p));
        });
      });
      const open = () => {
        gate ??= createServer((c) => {
          const up = createConnection(6379, '127.0.0.1');
          c.pipe(up).pipe(c);
          c.on('error', () => up.destroy());
          up.on('error', () => c.destroy());
        }).listen(port, '127.0.0.1');
      };
      cleanup.push(async () => gate?.close());
      const r = await runServer({ REDIS_URL: `redis://127.0.0.1:${port}`, PITBOSS_START_TIMEOUT: '60' }, true, (out) => {
        if (out.includes('REDIS_URL: cannot reach')) open();
      });
      expect(r.out).toContain(`REDIS_URL: cannot reach redis://127.0.0.1:${port} (ECONNREFUSED); retrying in 0.5 s`);
      expect(r.out).toContain('Pitboss is running');
    },
    180_000,
  );

  it.runIf(pgUp)(
    'instances started at the same moment on one empty PostgreSQL database all come up (one migrates and seeds, the others wait)',
    async () => {
      const fresh = await freshPostgres();
      cleanup.push(fresh.drop);
      const runs = await Promise.all([1, 2, 3].map(() => runServer({ DATABASE_URL: fresh.url }, true)));
      for (const r of runs) {
        expect(r.out).toContain('Pitboss is running');
        noStack(r.out);
      }
      expect(runs.filter((r) => r.out.includes('demo site seeded'))).toHaveLength(1);
    },
    600_000,
  );
});
