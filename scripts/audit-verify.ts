/**
 * Verifies every site's audit chain on the configured database (DATABASE_URL or PITBOSS_DATA):
 * one line per site, exit code 1 when any chain is broken.
 */
import { readConfig } from '../src/server/config.js';
import { openDb } from '../src/server/db/driver.js';
import { verifyAuditChain } from '../src/server/domain/site/audit.js';

const config = readConfig();
const handle = await openDb({ url: config.databaseUrl, dataDir: config.dataDir, pgliteThread: config.pgliteThread });
let broken = 0;
try {
  const sites = await handle.db.selectFrom('site').select(['id', 'prefix']).orderBy('prefix').execute();
  for (const site of sites) {
    const v = await verifyAuditChain(handle.db, site.id);
    if (v.ok) console.log(`${site.prefix}: OK (${v.rows} rows)`);
    else {
      broken++;
      console.log(`${site.prefix}: BROKEN at row ${v.seq}${v.auditIdx === null ? '' : ` (audit id ${v.auditIdx})`}: ${v.reason}`);
    }
  }
} finally {
  await handle.close();
}
process.exit(broken ? 1 : 0);
