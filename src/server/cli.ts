// The ops command line, compiled beside the server (dist-server/cli.js) so a production host needs
// only dist-server/ and the production packages: `node dist-server/cli.js backup|restore|audit-verify|audit-rekey`.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readConfig } from './config.js';
import { sql } from 'kysely';
import { openDb, type DbHandle } from './db/driver.js';
import { underStartLock } from './db/migrate.js';
import { useStartSecretsFile } from './domain/auth/secretsFile.js';
import { anchorHeads, auditHeadsFile, readAnchors, useAuditHeadsFile } from './domain/site/auditAnchor.js';
import { auditKey, verifyChain, type ChainVerdict } from './domain/site/auditChain.js';
import { changeAuditKey, everyAuditChain } from './domain/site/auditRekey.js';
import { checkLedger } from './domain/money/ledgerCheck.js';
import { configurePinKey, pinKeyUsage } from './domain/auth/pins.js';
import { totpKeyUsage } from './domain/auth/totpSecret.js';
import { vendorKeyUsage } from './domain/games/vendorSecret.js';
import { archiveMonth } from './ops/archive.js';
import { backupTo, restoreFrom } from './ops/backup.js';
import { backupKeys, sealTo } from './ops/backupCrypto.js';
import { holdDataDir, type LockInfo } from './ops/dataLock.js';
import { OpsRefusal } from './ops/refusal.js';

const USAGE = `usage: node dist-server/cli.js <command>
  backup [file | folder/]   a sealed snapshot of the configured database (DATABASE_URL or PITBOSS_DATA) under PITBOSS_BACKUP_KEY
  restore <file> <target>   into a NEW place: a missing or empty data folder, or the postgres:// URL of an empty database
  audit-verify              checks every audit chain (each site's, the platform's), each against the last head anchored in
                            the heads file (PITBOSS_AUDIT_HEADS_FILE); exit 1 when one is broken
  ledger-check              checks every site's balances against its ledger; exit 1 when one is off
  archive-month <YYYY-MM> [file | folder/]
                            a past month of bets, ledger entries and wallet transactions out of the database into a file sealed
                            under PITBOSS_BACKUP_KEY, its sums kept for the ledger check; exit 11 while the month is open
  keys-check                opens every value sealed under totp-seal and vendor-seal and names each PIN hash's key: exit 0
                            all under today's keys, 12 some still under a listed old key (keep it), 1 some under no configured key
  audit-rekey               with the servers stopped: re-signs every audit chain from PITBOSS_AUDIT_OLD_KEY to the audit key
                            (PITBOSS_AUDIT_KEY, else audit-chain in the secrets file), after checking each under the old key
                            (one broken: nothing changes)`;

/** `todo`: what to do instead of stopping the server, when there is something */
const heldRefusal = (dataDir: string, held: LockInfo, todo: string | null) =>
  new OpsRefusal(
    'folder-held',
    `${dataDir} is held by a running server (pid ${held.pid}${held.backupAt ? `, live backup at ${held.backupAt}` : ''}): ${todo ? `${todo}, or stop the server first` : 'stop the server first'}`,
  );

/** Where a sealed file goes: `arg` itself, or `named` inside it when it is a folder (existing, or written with a trailing slash), else inside backups/. */
function sealedFile(arg: string | undefined, named: string): string {
  const into = arg && (arg.endsWith('/') || (existsSync(arg) && statSync(arg).isDirectory())) ? arg : undefined;
  const file = into ? join(into, named) : (arg ?? join('backups', named));
  mkdirSync(dirname(file), { recursive: true });
  return file;
}

/** `backup [file]`: PostgreSQL through pg_dump; PGlite offline, or from the running server that holds the folder. */
async function backup(args: string[]): Promise<number> {
  const config = readConfig();
  const keys = backupKeys();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const file = sealedFile(args[0], `pitboss-${stamp}.${config.databaseUrl ? 'pgdump' : 'pglite'}.sealed`);
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

/** The database of the configuration, the PGlite folder held meanwhile (a running server holding it: refused). */
async function withDatabase<T>(todo: string | null, fn: (handle: DbHandle) => Promise<T>): Promise<T> {
  const config = readConfig();
  // the keys where the server keeps them
  useStartSecretsFile(config);
  useAuditHeadsFile(config.auditHeadsFile);
  const lock = config.databaseUrl ? { release() {} } : holdDataDir(config.dataDir);
  if ('held' in lock) throw heldRefusal(config.dataDir, lock.held, todo);
  try {
    const handle = await openDb({ url: config.databaseUrl, dataDir: config.dataDir, pgliteThread: 'main' });
    try {
      return await fn(handle);
    } finally {
      await handle.close();
    }
  } finally {
    lock.release();
  }
}

const broken = (name: string, v: Exclude<ChainVerdict, { ok: true }>) =>
  `${name}: BROKEN at row ${v.seq}${v.auditIdx === null ? '' : ` (audit id ${v.auditIdx})`}: ${v.reason}` +
  (v.anchored ? ` (the heads file anchored row ${v.anchored.seq} at ${v.anchored.at}: rows were cut or rewritten)` : '');

/** `audit-verify`: one line per chain, exit 1 when any is broken. */
async function auditVerify(): Promise<number> {
  return withDatabase("verify from the operator's audit screen", async ({ db }) => {
    let bad = 0;
    const file = auditHeadsFile();
    const { anchors, unsigned } = readAnchors(await auditKey(db), file);
    // the heads file is the verify's memory of how long each chain was: say which one is read
    console.log(`heads file ${file}: ${anchors.length} anchored head(s)${unsigned ? `, ${unsigned} line(s) not signed under the audit key (another key's, or edited)` : ''}`);
    for (const { name, chain } of await everyAuditChain(db)) {
      const v = await verifyChain(db, chain);
      if (v.ok) console.log(`${name}: OK (${v.rows} rows)`);
      else {
        bad++;
        console.log(broken(name, v));
      }
    }
    return bad ? 1 : 0;
  });
}

/**
 * `audit-rekey`: the servers stopped (PGlite: the folder's lock says so; PostgreSQL: no other
 * session on the database), under the start-up lock so none starts meanwhile. The new key is the
 * one the servers will start with (PITBOSS_AUDIT_KEY, else the `audit-chain` secret).
 */
async function auditRekey(): Promise<number> {
  const oldKey = process.env.PITBOSS_AUDIT_OLD_KEY;
  if (!oldKey) throw new OpsRefusal('no-key', 'audit-rekey needs the key the chains are signed under in PITBOSS_AUDIT_OLD_KEY (and the new one as the servers will have it)');
  return withDatabase(null, async (handle) => {
    const newKey = await auditKey(handle.db).catch(() => {
      throw new OpsRefusal('no-key', 'audit-rekey needs the new key as the servers will have it: PITBOSS_AUDIT_KEY, or audit-chain in the secrets file');
    });
    if (oldKey === newKey) throw new OpsRefusal('usage', 'PITBOSS_AUDIT_OLD_KEY is the audit key the servers have: nothing to change');
    if (handle.kind === 'postgres') {
      // the first query: this command's only session so far
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(handle.db);
      if (rows[0]!.n > 0)
        throw new OpsRefusal(
          'in-use',
          `${rows[0]!.n} other session(s) on the database: stop every server first (one appending under the old key would break the chains right after)`,
        );
    }
    const r = await underStartLock(handle, () => changeAuditKey(handle.db, oldKey, newKey));
    if (!r.ok) {
      const done = r.resigned.length ? `; already under the new key: ${r.resigned.join(', ')} (a server wrote meanwhile: stop it and verify)` : '; nothing re-signed';
      throw new OpsRefusal('chain-broken', `${broken(r.name, r.verdict)} under PITBOSS_AUDIT_OLD_KEY${done}`);
    }
    for (const c of r.chains) console.log(`${c.name}: re-signed (${c.rows} rows)`);
    // the heads from now on carry the new key's hashes: anchored under it, so the verify holds the chains to them
    await anchorHeads(handle.db, newKey);
    // a database from before the secrets file may still hold the old key (kept at start for this re-sign): it signs nothing now
    const gone = await handle.db.deleteFrom('auth_secret').where('name', '=', 'audit-chain').where('secret', '=', oldKey).executeTakeFirst();
    if (gone.numDeletedRows > 0n) {
      await sql`vacuum full auth_secret`.execute(handle.db);
      console.log('the old key the database held (auth_secret audit-chain) is deleted');
    }
    return 0;
  });
}

/** `ledger-check`: every site's balances against its ledger, one line per site, exit 1 when any is off (a restore drill's proof). */
async function ledgerCheckAll(): Promise<number> {
  return withDatabase("check from the operator's home", async ({ db }) => {
    let bad = 0;
    for (const site of await db.selectFrom('site').select(['id', 'prefix']).orderBy('prefix').execute()) {
      const r = await checkLedger(db, site.id);
      if (!r.ok) bad++;
      console.log(
        r.ok
          ? `${site.prefix}: OK (${r.members} members, ${r.entries} entries)`
          : `${site.prefix}: OFF (${r.balanceMismatches.length} balances apart from the ledger, ${r.unbalancedMoves.length} unbalanced movements, ${r.chainBreaks.length} chain breaks, ${r.negatives.length} negative accounts)`,
      );
    }
    return bad ? 1 : 0;
  });
}

/** `archive-month <YYYY-MM> [file | folder/]`: PostgreSQL with the servers running; PGlite with the server stopped. */
async function archive(args: string[]): Promise<number> {
  const [month, to] = args;
  if (!month) throw new OpsRefusal('usage', 'archive-month needs the month: archive-month YYYY-MM [file | folder/]');
  const config = readConfig();
  const keys = backupKeys();
  const file = sealedFile(to, `pitboss-history-${month}.${config.databaseUrl ? 'pgdump' : 'pglite'}.sealed`);
  return withDatabase(null, async (handle) => {
    const rows = await archiveMonth(handle, month, file, keys, new Date(), config.databaseUrl);
    const counts = Object.entries(rows).map(([t, n]) => `${t} ${n}`);
    console.log(`archived ${month} into ${file} (sealed under PITBOSS_BACKUP_KEY; rows: ${counts.join(', ')}); its tables dropped`);
    return 0;
  });
}

/** `keys-check`'s exit when every value opens but some still need a listed old key (a rotation not done yet). */
const OLD_KEY_IN_USE = 12;

/** `keys-check`: where each rotating key's stored values stand, as a start with these settings would find them. */
async function keysCheck(): Promise<number> {
  const config = readConfig();
  configurePinKey(config.pinKey, config.pinOldKeys);
  return withDatabase(null, async ({ db }) => {
    const usages = { 'totp-seal': await totpKeyUsage(db), 'vendor-seal': await vendorKeyUsage(db), 'pin-key': await pinKeyUsage(db) };
    for (const [name, u] of Object.entries(usages)) console.log(`${name}: ${u.current} under the current key, ${u.old} under an old key, ${u.none} under no configured key`);
    const all = Object.values(usages);
    return all.some((u) => u.none) ? 1 : all.some((u) => u.old) ? OLD_KEY_IN_USE : 0;
  });
}

const commands: Record<string, (args: string[]) => Promise<number>> = {
  backup,
  restore,
  'audit-verify': auditVerify,
  'audit-rekey': auditRekey,
  'ledger-check': ledgerCheckAll,
  'keys-check': keysCheck,
  'archive-month': archive,
};

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
