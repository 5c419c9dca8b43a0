/**
 * Every start keeps the server's keys outside the database, so a backup or a copy of the database
 * alone forges no device cookie, challenge or vendor callback and opens no sealed secret. A
 * production start is given them (environment or PITBOSS_SECRETS_FILE) and refuses without;
 * any other start (`npm start`) makes the secrets file once, moving out any key an earlier version
 * kept in the database, and so runs under exactly the production rule. Several instances share
 * the keys by sharing the file (or the environment).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import webpush from 'web-push';
import type { Config } from '../../config.js';
import { envName, productionSecrets } from '../../config.js';
import type { Db } from '../../db/driver.js';
import { configuredSecret, secretsFilePath, secretsInFile, useSecretsFile } from './secrets.js';

/** Where `npm start` keeps its keys when PITBOSS_SECRETS_FILE names no file: beside where it runs, never in the data folder a backup copies. */
export const DEFAULT_SECRETS_FILE = 'pitboss-secrets.json';

/** The secrets file a start other than production reads when PITBOSS_SECRETS_FILE names none; the ops commands read the same. */
export function useStartSecretsFile(config: Pick<Config, 'production'>, env: NodeJS.ProcessEnv = process.env) {
  if (!config.production && !env.PITBOSS_SECRETS_FILE) useSecretsFile(resolve(DEFAULT_SECRETS_FILE));
}

/** A name a stand-in variable covers (PITBOSS_PIN_KEY, PITBOSS_AUDIT_KEY) needs no entry. */
const wanted = (env: NodeJS.ProcessEnv) => productionSecrets.filter((s) => !(s.or && env[s.or])).map((s) => s.name);

/** Rows in the database that a configured key makes useless: equal ones go; another key's is left for the operator (a copy from another install, a key changed by hand). */
const replaceable = new Set(['device-cookie', 'pow-signature', 'pow-key']);

export interface SecretsFileReport {
  /** the file, when this start made or completed it */
  path?: string;
  made: string[];
  moved: string[];
}

function writeNew(path: string, secrets: Record<string, string>): boolean {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flush: true });
  try {
    // link, not rename: of starts racing to make it (tests, several instances on one host) one wins and the rest read its keys
    linkSync(tmp, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return false;
  } finally {
    unlinkSync(tmp);
  }
}

/**
 * Under the start-up lock, after the migrations: without PITBOSS_SECRETS_FILE a start other than
 * production uses `pitboss-secrets.json`; a file missing there is made (mode 0600) from the keys
 * the database held, and fresh ones for the rest; a file missing some is completed. Then every key
 * row the configured keys replace is deleted. A database row unlike its configured key that cannot
 * be dropped without loss (a seal or the PIN key, not listed as old) stops the start.
 */
export async function ensureSecretsFile(db: Db, config: Pick<Config, 'production'>, env: NodeJS.ProcessEnv = process.env): Promise<SecretsFileReport> {
  const report: SecretsFileReport = { made: [], moved: [] };
  useStartSecretsFile(config, env);
  const rows = new Map((await db.selectFrom('auth_secret').select(['name', 'secret']).execute()).map((r) => [r.name, r.secret]));
  const vapid = await db.selectFrom('push_vapid').select(['public_key', 'private_key']).executeTakeFirst();
  const path = secretsFilePath();
  if (path && !config.production) {
    const present = existsSync(path) ? secretsInFile(path) : {};
    const missing = wanted(env).filter((n) => !env[envName(n)] && typeof present[n] !== 'string');
    if (missing.length) {
      const add: Record<string, string> = {};
      const pair = vapid ? { publicKey: vapid.public_key, privateKey: vapid.private_key } : webpush.generateVAPIDKeys();
      for (const n of missing) {
        const held = n === 'vapid-public' ? vapid?.public_key : n === 'vapid-private' ? vapid?.private_key : rows.get(n);
        add[n] = held ?? (n === 'vapid-public' ? pair.publicKey : n === 'vapid-private' ? pair.privateKey : randomBytes(32).toString('base64url'));
        (held ? report.moved : report.made).push(n);
      }
      const whole = { ...present, ...add } as Record<string, string>;
      if (existsSync(path)) {
        const tmp = `${path}.${process.pid}.tmp`;
        writeFileSync(tmp, `${JSON.stringify(whole, null, 2)}\n`, { mode: 0o600, flush: true });
        renameSync(tmp, path);
        report.path = path;
      } else if (writeNew(path, whole)) report.path = path;
      else report.made = report.moved = [];
      useSecretsFile(env.PITBOSS_SECRETS_FILE ? undefined : path);
    }
  }
  await dropDatabaseKeys(db, rows, vapid, env);
  return report;
}

const listedOld = (name: string, value: string, env: NodeJS.ProcessEnv) =>
  (name === 'pin-key' ? (env.PITBOSS_PIN_OLD_KEYS ?? '') : (configuredSecret(`${name}-old`) ?? ''))
    .split(',')
    .map((s) => s.trim())
    .includes(value);

async function dropDatabaseKeys(db: Db, rows: Map<string, string>, vapid: { public_key: string } | undefined, env: NodeJS.ProcessEnv) {
  const drop: string[] = [];
  for (const [name, value] of rows) {
    const configured =
      name === 'pin-key' ? env.PITBOSS_PIN_KEY || configuredSecret(name) : name === 'audit-chain' ? env.PITBOSS_AUDIT_KEY || configuredSecret(name) : configuredSecret(name);
    // a key nothing outside the database stands in for: left, for the production refusal or the operator's move
    if (!configured) continue;
    if (configured === value || replaceable.has(name) || listedOld(name, value, env)) drop.push(name);
    // the chain was signed under the key in force then: kept for the re-sign (docs/security.md, changing the audit key)
    else if (name === 'audit-chain') continue;
    else
      throw new Error(
        `the database holds a '${name}' key unlike the configured one (a database from another install, or a key changed by hand): put the database's key in the secrets file${
          name === 'pin-key' ? ' or PITBOSS_PIN_OLD_KEYS' : ` as '${name}-old'`
        } (select secret from auth_secret where name = '${name}'), or delete that row if nothing was made under it`,
      );
  }
  const dropVapid = !!vapid && !!configuredSecret('vapid-public');
  if (drop.length) await db.deleteFrom('auth_secret').where('name', 'in', drop).execute();
  if (dropVapid) await db.deleteFrom('push_vapid').execute();
  // a deleted row stays in the table's file until it is rewritten: a copy of the data folder would still hold the keys
  if (drop.length || dropVapid) await sql`vacuum full auth_secret, push_vapid`.execute(db);
}
