import { existsSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readLimits } from '../../src/server/config.js';
import { lockFileOf } from '../../src/server/ops/dataLock.js';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { freshPostgres, templateDatabase, testDb } from './harness.js';

// the PGlite folder lock guards an embedded database; instances on one PostgreSQL database share it and wait on its advisory lock instead
describe.runIf(testDb === 'postgres')('instances on PostgreSQL take no PGlite folder lock', () => {
  const dataDir = `tmp/pg-data-lock-${process.pid}`;
  const servers: RunningServer[] = [];
  let drop = async () => {};
  afterAll(async () => {
    for (const s of servers) await s.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('two servers on one PostgreSQL database with the same PITBOSS_DATA both start, and no lock file is left beside the folder', async () => {
    const fresh = await freshPostgres(templateDatabase());
    drop = fresh.drop;
    const common = { port: 0, host: '127.0.0.1', databaseUrl: fresh.url, dataDir, staticDir: '/nonexistent', testCaptcha: '1234', limits: readLimits({}) };
    servers.push(await startServer(common));
    servers.push(await startServer(common));
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    for (const s of servers) expect((await fetch(`${s.url}/api/health/ready`)).status).toBe(200);
  });
});
