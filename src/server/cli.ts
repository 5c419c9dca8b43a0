// The ops command line, compiled beside the server (dist-server/cli.js) so a production host needs
// only dist-server/ and the production packages: `node dist-server/cli.js backup|restore|audit-verify`.
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { readConfig } from './config.js';
import { openDb } from './db/driver.js';
import { useStartSecretsFile } from './domain/auth/secretsFile.js';
import { verifyAuditChain } from './domain/site/audit.js';
import { backupTo, restoreFrom } from './ops/backup.js';
import { backupKeys, sealTo } from './ops/backupCrypto.js';
import { holdDataDir, type LockInfo } from './ops/dataLock.js';
import { OpsRefusal } from './ops/refusal.js';

const USAGE = `usage: node dist-server/cli.js <command>
  backup [file]             a sealed snapshot of the configured database (DATABASE_URL or PITBOSS_DATA) under PITBOSS_BACKUP_KEY
  restore <file> <target>   into a NEW place: a missing or empty data folder, or the postgres:// URL of an empty database
  audit-verify              checks every site's audit chain; exit 1 when one is broken`;

const heldRefusal = (dataDir: string, held: LockInfo, todo: string) =>
  new OpsRefusal(
    'folder-held',
    `${dataDir} is held by a running server (pid ${held.pid}${held.backupAt ? `, live backup at ${held.backupAt}` : ''}): ${todo}, or stop the server first`,
  );

/** `backup [file]`: PostgreSQL through pg_dump; PGlite offline, or from the running server that holds the folder. */
async function backup(args: string[]): Promise<number> {
  const config = readConfig();
  const keys = backupKeys();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const file = args[0] ?? `backups/pitboss-${stamp}.${config.databaseUrl ? 'pgdump' : 'pglite'}.sealed`;
  mkdirSync(dirname(file), { recursive: true });
  try {
    if (config.databaseUrl) await backupTo(file, { databaseUrl: config.databaseUrl }, keys);
    else {
      const lock = holdDataDir(config.dataDir);
      if ('held' in lock) {
        if (config.metricsPort === undefined)
          throw heldRefusal(
            config.dataDir,
            lock.held,
            'take the live backup through its METRICS_PORT listener (run backup with the METRICS_PORT and METRICS_TOKEN the server has)',
          );
        const live = `http://${config.metricsHost}:${config.metricsPort}/backup`;
        const res = await fetch(live, { method: 'POST', headers: config.metricsToken ? { authorization: `Bearer ${config.metricsToken}` } : {} }).catch(() => null);
        if (!res?.ok)
          throw new OpsRefusal(
            'unreachable',
            `the running server did not give its backup at ${live} (${res ? `HTTP ${res.status}` : 'no answer'}): check METRICS_PORT and METRICS_TOKEN`,
          );
        await sealTo(file, new Uint8Array(await res.arrayBuffer()), keys);
      } else {
        // the folder is ours while we read it: no server starts on it meanwhile
        try {
          const h = await openDb({ dataDir: config.dataDir, pgliteThread: 'main' });
          try {
            await backupTo(file, { handle: h }, keys);
          } finally {
            await h.close();
          }
        } finally {
          lock.release();
        }
      }
    }
  } catch (e) {
    rmSync(file, { force: true });
    throw e;
  }
  console.log(`backup written: ${file} (sealed under PITBOSS_BACKUP_KEY)`);
  return 0;
}

/** `restore <file> <target>`: the target is always given; the live database is never assumed. */
async function restore(args: string[]): Promise<number> {
  const [file, target] = args;
  if (!file || !target) throw new OpsRefusal('usage', 'restore needs the backup file and an explicit target: restore <file> <new data folder | postgres://… of an empty database>');
  const keys = backupKeys();
  const pgTarget = /^postgres(ql)?:\/\//.test(target);
  const to = pgTarget ? { databaseUrl: target } : { dataDir: target };
  await restoreFrom(file, to, keys);
  console.log(`restored ${file} into ${pgTarget ? new URL(target).pathname.slice(1) : target}`);
  return 0;
}

/** `audit-verify`: one line per site, exit 1 when any chain is broken. */
async function auditVerify(): Promise<number> {
  const config = readConfig();
  const lock = config.databaseUrl ? { release() {} } : holdDataDir(config.dataDir);
  if ('held' in lock) throw heldRefusal(config.dataDir, lock.held, "verify from the operator's audit screen");
  try {
    return await verifyAll(config);
  } finally {
    lock.release();
  }
}

async function verifyAll(config: ReturnType<typeof readConfig>): Promise<number> {
  // the chain's key, where the server keeps it
  useStartSecretsFile(config);
  const handle = await openDb({ url: config.databaseUrl, dataDir: config.dataDir, pgliteThread: 'main' });
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
  return broken ? 1 : 0;
}

const commands: Record<string, (args: string[]) => Promise<number>> = { backup, restore, 'audit-verify': auditVerify };

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.error(USAGE);
  process.exit(2);
}
try {
  process.exit(await command(args));
} catch (e) {
  // a refusal says what to do; anything else still ends in one line, not a stack
  if (e instanceof OpsRefusal) console.error(e.message);
  else console.error(`${name} failed: ${String((e as Error).message ?? e).split('\n')[0]}`);
  process.exit(e instanceof OpsRefusal ? e.exitCode : 1);
}
