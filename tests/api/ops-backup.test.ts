import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../src/server/db/driver.js';
import { backupTo, restoreFrom } from '../../src/server/ops/backup.js';
import { backupKeys } from '../../src/server/ops/backupCrypto.js';
import { pgAdmin } from './dbTemplate.js';
import { pgAdminUrl, startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound } from './moneyKit.js';
import { buildWorld, drive } from './moneyWorld.js';

const keys = backupKeys({ PITBOSS_BACKUP_KEY: randomBytes(32).toString('base64') });

async function balancesOf(db: DbHandle['db'], siteId: string) {
  return db.selectFrom('member').select(['id', 'cash_amt', 'point_amt']).where('site_id', '=', siteId).orderBy('id').execute();
}

describe(`backup and restore (${testDb})`, () => {
  let s: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'pitboss-backup-'));
  const dbs: string[] = [];
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
    for (const name of dbs) await pgAdmin(`drop database if exists ${name} with (force)`);
  });

  /** Restores a backup into a fresh data folder or database and opens it. */
  async function restored(file: string): Promise<DbHandle> {
    if (testDb === 'postgres') {
      const name = `pitboss_restore_${randomBytes(4).toString('hex')}`;
      await pgAdmin(`create database ${name}`);
      dbs.push(name);
      const u = new URL(pgAdminUrl);
      u.pathname = `/${name}`;
      await restoreFrom(file, { databaseUrl: u.toString() }, keys);
      return openDb({ url: u.toString(), dataDir: '' });
    }
    const dataDir = join(dir, `data-${randomBytes(4).toString('hex')}`);
    await restoreFrom(file, { dataDir }, keys);
    return openDb({ dataDir });
  }

  it('a backup taken while money moves restores into a fresh folder with the ledger exact; a quiet one with the same balances', async () => {
    s = await startTestServer();
    const world = await buildWorld(s.app.db, s.siteId, 2);
    const post = (path: string, body: Record<string, unknown>, token: string) => s.post(path, body, token);
    const from = { handle: s.app.handle, databaseUrl: s.app.config.databaseUrl };
    let moving = true;
    const load = drive(post, world, { clients: 8, stop: () => !moving });
    try {
      // mid-activity: wait until movements are committing, then snapshot while they go on
      while (
        (
          await s.app.db
            .selectFrom('request_key')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n < 20
      )
        await new Promise((r) => setTimeout(r, 50));
      await backupTo(join(dir, 'busy.bak'), from, keys);
    } finally {
      moving = false;
    }
    const stats = await load;
    expect(stats.faults).toEqual([]);
    await s.app.accrual.flush();
    await backupTo(join(dir, 'quiet.bak'), from, keys);

    const busy = await restored(join(dir, 'busy.bak'));
    try {
      await expectSound(busy.db, s.siteId);
    } finally {
      await busy.close();
    }
    const quiet = await restored(join(dir, 'quiet.bak'));
    try {
      await expectSound(quiet.db, s.siteId);
      expect(await balancesOf(quiet.db, s.siteId)).toEqual(await balancesOf(s.app.db, s.siteId));
    } finally {
      await quiet.close();
    }
  }, 600_000);
});
