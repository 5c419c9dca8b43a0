import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Config } from '../../src/server/config.js';
import { startServer } from '../../src/server/server.js';
import { keysFrom, open, sealedKeyId } from '../../src/server/domain/auth/seal.js';
import { configuredSecret } from '../../src/server/domain/auth/secrets.js';
import { forgetVendors, vendorByCode } from '../../src/server/domain/games/wallet.js';
import { resealVendorSecrets } from '../../src/server/domain/games/vendorSecret.js';
import { callback } from './gamesKit.js';
import { freshPostgres, roomyLimits, startTestServer, templateDatabase, testDb, type TestServer } from './harness.js';

const SLOT = 'demo-slot';
const newKey = () => randomBytes(32).toString('base64url');
/** the seal's keys as a start reads them: PITBOSS_SECRET_VENDOR_SEAL and PITBOSS_SECRET_VENDOR_SEAL_OLD */
function configure(key: string | undefined, old: string[] = []) {
  if (key) process.env.PITBOSS_SECRET_VENDOR_SEAL = key;
  else delete process.env.PITBOSS_SECRET_VENDOR_SEAL;
  if (old.length) process.env.PITBOSS_SECRET_VENDOR_SEAL_OLD = old.join(',');
  else delete process.env.PITBOSS_SECRET_VENDOR_SEAL_OLD;
}

describe(`vendor wallet secrets at rest (${testDb})`, () => {
  let s: TestServer;
  /** the key the rows are sealed under once they left the database's key */
  let current = '';
  const stored = async () => s.app.db.selectFrom('vendor').select(['id', 'code', 'secret']).where('site_id', '=', s.siteId).orderBy('id').execute();
  /** the secrets as the server opens them (the vendor cache forgotten, as after a start) */
  const opened = async () => {
    forgetVendors(s.app.db);
    return Promise.all((await stored()).map(async (r) => (await vendorByCode(s.app.db, s.siteId, r.code))!.secret));
  };
  const balance = (secret?: string) => callback(s, SLOT, 'balance', { memId: 'user1' }, secret === undefined ? {} : { secret });

  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    configure(undefined);
    await s?.close();
  });

  it('the vendor rows hold no secret in the clear, and a callback signed with what they hold is refused', async () => {
    const rows = await stored();
    const secrets = await opened();
    expect(rows.length).toBeGreaterThan(0);
    const table = JSON.stringify((await sql`select v.*, g.* from vendor v left join game g on g.vendor_id = v.id`.execute(s.app.db)).rows);
    for (const [i, r] of rows.entries()) {
      expect(r.secret).toMatch(/^s1\./);
      expect(table).not.toContain(secrets[i]);
    }
    const slot = rows.find((r) => r.code === SLOT)!;
    expect((await balance(slot.secret)).resultCode).toBe('W002');
    expect((await balance()).resultCode).toBe('0');
  });

  it('keeps its keys outside the database: a backup alone holds no key and no vendor secret in the clear', async () => {
    const secrets = await opened();
    current = configuredSecret('vendor-seal')!;
    expect(current).toBeTruthy();
    expect(await s.app.db.selectFrom('auth_secret').select('name').execute()).toEqual([]);
    for (const r of await stored()) expect(() => open(keysFrom(newKey()), r.secret, 'vendor-seal')).toThrow();
    if (s.app.handle.dump) {
      const files = gunzipSync(await s.app.handle.dump()).toString('latin1');
      // the search reaches the rows: their sealed values are there
      expect(files).toContain((await stored())[0]!.secret);
      expect(files).not.toContain(current);
      for (const secret of secrets) expect(files).not.toContain(secret);
    }
    configure(current);
    expect((await balance()).resultCode).toBe('0');
  });

  it('rotates the seal key: the new key with the old one listed opens both, the start re-seals every row, then the old key goes', async () => {
    configure(current);
    const secrets = await opened();
    const idA = sealedKeyId((await stored())[0]!.secret);

    // an instance started with the new key, the old one listed: rows under either key open
    const next = newKey();
    configure(next, [current]);
    expect(await opened()).toEqual(secrets);
    expect((await balance()).resultCode).toBe('0');
    // the start re-seals every row under the new key, all in one go; a second start finds nothing to do
    expect(await resealVendorSecrets(s.app.db)).toBe(secrets.length);
    expect(await resealVendorSecrets(s.app.db)).toBe(0);
    const idB = sealedKeyId((await stored())[0]!.secret);
    expect(idB).not.toBe(idA);
    expect((await stored()).every((r) => sealedKeyId(r.secret) === idB)).toBe(true);

    // the old key dropped: every secret still opens and signs
    current = next;
    configure(current);
    expect(await opened()).toEqual(secrets);
    expect((await balance()).resultCode).toBe('0');

    // a start whose keys do not include the one the rows are under refuses, changing nothing
    const before = await stored();
    configure(newKey());
    await expect(resealVendorSecrets(s.app.db)).rejects.toThrow(`sealed under key ${idB} of vendor-seal`);
    expect(await stored()).toEqual(before);
  });

  it('seals at start the plain secrets stored before sealing, keeping each secret', async () => {
    configure(current);
    const plain = `plain-${randomBytes(8).toString('hex')}`;
    await s.app.db.updateTable('vendor').set({ secret: plain }).where('site_id', '=', s.siteId).where('code', '=', SLOT).execute();
    expect(await resealVendorSecrets(s.app.db)).toBe(1);
    const row = (await stored()).find((r) => r.code === SLOT)!;
    expect(row.secret).toMatch(/^s1\./);
    expect(row.secret).not.toContain(plain);
    expect((await opened())[(await stored()).findIndex((r) => r.code === SLOT)]).toBe(plain);
    expect((await balance(plain)).resultCode).toBe('0');
  });
});

describe(`a start seals the vendor secrets (${testDb})`, () => {
  const base: Partial<Config> = { port: 0, host: '127.0.0.1', staticDir: '/nonexistent', logLevel: 'silent', accrualMs: 0, limits: roomyLimits(), dataDir: 'memory://' };
  let dir = '';
  let drop = async () => {};
  afterAll(async () => {
    configure(undefined);
    await drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('seals the plain secrets stored before at start, and refuses to start without the key the rows are under', async () => {
    // the run's seeded database, as a server left it (its keys in the database)
    let where: Partial<Config>;
    if (testDb === 'postgres') {
      const fresh = await freshPostgres(templateDatabase());
      where = { databaseUrl: fresh.url };
      drop = fresh.drop;
    } else {
      const t = inject('dbTemplate');
      where = { memorySnapshot: t?.kind === 'pglite' ? t.snapshot : undefined };
    }
    configure(newKey());
    await expect(startServer({ ...base, ...where }, { listen: false })).rejects.toThrow(/sealed under key \S+ of (totp|vendor)-seal, which is neither/);
    configure(undefined);

    const first = await startServer({ ...base, ...where }, { listen: false });
    const site = (await first.app.db.selectFrom('vendor').select('site_id').where('code', '=', SLOT).executeTakeFirstOrThrow()).site_id;
    const plain = `plain-${randomBytes(8).toString('hex')}`;
    await first.app.db.updateTable('vendor').set({ secret: plain }).where('site_id', '=', site).where('code', '=', SLOT).execute();
    if (testDb === 'pglite') {
      dir = await mkdtemp(join(tmpdir(), 'pitboss-vendor-seal-'));
      where = { memorySnapshot: join(dir, 'db.tar.gz') };
      await writeFile(where.memorySnapshot!, await first.app.handle.dump!());
    }
    await first.close();

    const second = await startServer({ ...base, ...where }, { listen: false });
    try {
      const row = await second.app.db.selectFrom('vendor').select('secret').where('site_id', '=', site).where('code', '=', SLOT).executeTakeFirstOrThrow();
      expect(row.secret).toMatch(/^s1\./);
      expect((await vendorByCode(second.app.db, site, SLOT))!.secret).toBe(plain);
    } finally {
      await second.close();
    }
  });
});
