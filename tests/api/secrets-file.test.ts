import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionSecrets, type Config } from '../../src/server/config.js';
import { openDb } from '../../src/server/db/driver.js';
import { migrate } from '../../src/server/db/migrate.js';
import { configuredSecret } from '../../src/server/domain/auth/secrets.js';
import { startServer } from '../../src/server/server.js';
import { freshPostgres, roomyLimits, testDb } from './harness.js';

/** The names of the tar members whose bytes hold `value`. */
function filesHolding(tar: Buffer, value: string): string[] {
  const found = new Set<string>();
  for (let i = tar.indexOf(value); i >= 0; i = tar.indexOf(value, i + 1)) {
    let b = Math.floor(i / 512) * 512;
    while (b >= 0 && tar.subarray(b + 257, b + 262).toString() !== 'ustar') b -= 512;
    found.add(
      tar
        .subarray(b, b + 100)
        .toString()
        .replace(/\0.*$/s, ''),
    );
  }
  return [...found];
}

const names = productionSecrets.map((s) => s.name);
const key = () => randomBytes(32).toString('base64url');

describe(`npm start keeps its keys outside the database (${testDb})`, () => {
  let dir = '';
  let drop = async () => {};
  // files of this run share the process: a stand-in key another file set (PITBOSS_AUDIT_KEY) would leave its name out of the file
  const standIns = { PITBOSS_AUDIT_KEY: process.env.PITBOSS_AUDIT_KEY, PITBOSS_PIN_KEY: process.env.PITBOSS_PIN_KEY };
  beforeAll(() => {
    delete process.env.PITBOSS_AUDIT_KEY;
    delete process.env.PITBOSS_PIN_KEY;
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(standIns)) if (v !== undefined) process.env[k] = v;
    delete process.env.PITBOSS_SECRETS_FILE;
    await drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('moves the keys an older database kept into a new secrets file (0600), deletes them there, and refuses a key it cannot drop without loss', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pitboss-secrets-'));
    const file = join(dir, 'secrets.json');
    process.env.PITBOSS_SECRETS_FILE = file;
    let where: Partial<Config>;
    if (testDb === 'postgres') {
      const fresh = await freshPostgres();
      where = { databaseUrl: fresh.url, dataDir: 'memory://' };
      drop = fresh.drop;
    } else where = { dataDir: join(dir, 'data') };
    const base: Partial<Config> = { port: 0, host: '127.0.0.1', staticDir: '/nonexistent', logLevel: 'silent', accrualMs: 0, limits: roomyLimits(), ...where };

    // a database as an earlier version left it: its keys in auth_secret and push_vapid
    const held: Record<string, string> = Object.fromEntries(names.filter((n) => !n.startsWith('vapid')).map((n) => [n, key()]));
    const pair = webpush.generateVAPIDKeys();
    const h = await openDb({ url: where.databaseUrl, dataDir: where.dataDir! });
    await migrate(h);
    await h.db
      .insertInto('auth_secret')
      .values(Object.entries(held).map(([name, secret]) => ({ name, secret })))
      .execute();
    await h.db.insertInto('push_vapid').values({ public_key: pair.publicKey, private_key: pair.privateKey }).execute();
    await h.close();

    const first = await startServer(base, { listen: false, seed: false });
    try {
      expect(first.secrets.path).toBe(file);
      expect([...first.secrets.moved].sort()).toEqual([...names].sort());
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      expect(kept).toMatchObject({ ...held, 'vapid-public': pair.publicKey, 'vapid-private': pair.privateKey });
      expect(await first.app.db.selectFrom('auth_secret').select('name').execute()).toEqual([]);
      expect(await first.app.db.selectFrom('push_vapid').select('id').execute()).toEqual([]);
      if (first.app.handle.dump) {
        await sql`checkpoint`.execute(first.app.db);
        // the tables' files hold none; only the write-ahead log still has this test's own inserts, until it is recycled
        const tar = gunzipSync(await first.app.handle.dump());
        for (const v of Object.values(kept)) expect(filesHolding(tar, v).filter((f) => !f.startsWith('/pg_wal/'))).toEqual([]);
      }
      expect(configuredSecret('vendor-seal')).toBe(held['vendor-seal']);
    } finally {
      await first.close();
    }

    // a database row unlike the file's key: a login challenge key is simply replaced; a seal not listed as old stops the start, changing nothing
    const h2 = await openDb({ url: where.databaseUrl, dataDir: where.dataDir! });
    await h2.db
      .insertInto('auth_secret')
      .values([
        { name: 'pow-key', secret: key() },
        { name: 'vendor-seal', secret: key() },
      ])
      .execute();
    await h2.close();
    await expect(startServer(base, { listen: false, seed: false })).rejects.toThrow(/holds a 'vendor-seal' key unlike the configured one/);
    const h3 = await openDb({ url: where.databaseUrl, dataDir: where.dataDir! });
    expect((await h3.db.selectFrom('auth_secret').select('name').orderBy('name').execute()).map((r) => r.name)).toEqual(['pow-key', 'vendor-seal']);
    await h3.db.deleteFrom('auth_secret').where('name', '=', 'vendor-seal').execute();
    await h3.close();

    const second = await startServer(base, { listen: false, seed: false });
    try {
      expect(second.secrets.path).toBeUndefined();
      expect(await second.app.db.selectFrom('auth_secret').select('name').execute()).toEqual([]);
      expect(existsSync(file)).toBe(true);
    } finally {
      await second.close();
    }
  }, 180_000);
});
