// `npm run restore -- <file> [target]`: brings a backup back into a NEW place.
// PGlite (a .tar.gz): target = a missing or empty data folder (default PITBOSS_DATA); point
// PITBOSS_DATA at it and start. PostgreSQL (a pg_dump file): target = the URL of an existing
// empty database (default DATABASE_URL; `createdb` it first); needs pg_restore.
import { readConfig } from '../src/server/config.js';
import { restoreFrom } from '../src/server/ops/backup.js';

const [file, target] = process.argv.slice(2);
if (!file) {
  console.error('usage: npm run restore -- <backup file> [data folder | postgres://… of an empty database]');
  process.exit(2);
}
const config = readConfig();
const pgFile = !file.endsWith('.tar.gz');
const to = pgFile ? { databaseUrl: target ?? config.databaseUrl } : { dataDir: target ?? config.dataDir };
if (pgFile && !to.databaseUrl) {
  console.error('a pg_dump file restores into PostgreSQL: give the empty database URL or set DATABASE_URL');
  process.exit(2);
}
await restoreFrom(file, to);
console.log(`restored ${file} into ${to.databaseUrl ? new URL(to.databaseUrl).pathname.slice(1) : to.dataDir}`);
