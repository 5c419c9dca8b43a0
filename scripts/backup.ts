// `npm run backup [-- file]`: a consistent snapshot of the database the server uses (same env).
// PostgreSQL (DATABASE_URL): pg_dump, custom format (needs the PostgreSQL client tools).
// PGlite: from the running server through its METRICS_PORT listener (POST /backup, with
// METRICS_TOKEN when set); without METRICS_PORT the data folder is opened here, so stop the
// server first (one PGlite process per folder).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readConfig } from '../src/server/config.js';
import { openDb } from '../src/server/db/driver.js';
import { backupTo } from '../src/server/ops/backup.js';

const config = readConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
const file = process.argv[2] ?? `backups/pitboss-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`;
mkdirSync(dirname(file), { recursive: true });

if (config.databaseUrl) {
  await backupTo(file, { databaseUrl: config.databaseUrl });
} else if (config.metricsPort !== undefined) {
  const res = await fetch(`http://${config.metricsHost}:${config.metricsPort}/backup`, {
    method: 'POST',
    headers: config.metricsToken ? { authorization: `Bearer ${config.metricsToken}` } : {},
  });
  if (!res.ok) throw new Error(`the server refused the backup: HTTP ${res.status}`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
} else {
  const h = await openDb({ dataDir: config.dataDir, pgliteThread: 'main' });
  try {
    await backupTo(file, { handle: h });
  } finally {
    await h.close();
  }
}
console.log(`backup written: ${file}`);
