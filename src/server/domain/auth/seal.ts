import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { envName } from '../../config.js';
import type { Db } from '../../db/driver.js';
import { oldSecrets } from './oldSecrets.js';
import { serverSecret } from './secrets.js';

/*
 * Values kept sealed at rest with AES-256-GCM under a named server secret (`totp-seal`,
 * `vendor-seal`), so a copy of the rows alone (a dump, a backup, a report query) gives none away.
 * Stored `s1.<key id>.<iv>.<tag>.<body>` (base64url): the key id (8 bytes of an HMAC under the key)
 * names the key a value was sealed under, so while a key rotates the keys listed in `<name>-old`
 * (PITBOSS_SECRET_<NAME>_OLD or the secrets file, comma-separated) still open what they sealed,
 * and `resealRows` seals those rows again under today's key at start.
 */
const FORM = 's1';

export interface SealKey {
  id: string;
  key: Buffer;
}
export interface SealKeys {
  /** new values are sealed under this one */
  current: SealKey;
  /** every key a value may be opened with, the current one first */
  all: SealKey[];
}

const derived = new Map<string, SealKey>();
function keyOf(secret: string): SealKey {
  let k = derived.get(secret);
  if (!k) {
    const key = createHash('sha256').update(secret).digest();
    derived.set(secret, (k = { id: createHmac('sha256', key).update('pitboss seal key id').digest().subarray(0, 8).toString('base64url'), key }));
  }
  return k;
}

/** The keys made from a seal's secret and its old ones. */
export function keysFrom(current: string, old: string[] = []): SealKeys {
  const c = keyOf(current);
  return { current: c, all: [c, ...old.map(keyOf).filter((k) => k.id !== c.id)] };
}

/** The keys of a named seal: the secret itself (environment, secrets file, else the database) and its old ones. */
export async function sealKeys(db: Db, name: string): Promise<SealKeys> {
  return keysFrom(await serverSecret(db, name), oldSecrets(name));
}

export const isSealed = (value: string) => value.startsWith(`${FORM}.`);
/** The id of the key a stored value was sealed under (undefined: not in the keyed form). */
export const sealedKeyId = (value: string) => (isSealed(value) ? value.split('.')[1] : undefined);

export function seal(keys: SealKeys, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keys.current.key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [FORM, keys.current.id, ...[iv, c.getAuthTag(), body].map((b) => b.toString('base64url'))].join('.');
}

function decrypt(key: Buffer, [iv, tag, body]: string[]): string {
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'));
  d.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
  return Buffer.concat([d.update(Buffer.from(body ?? '', 'base64url')), d.final()]).toString('utf8');
}

/**
 * Opens a sealed value; throws when the key that sealed it is not among `keys` or the value was
 * altered. Also opens the older form without a key id (`iv.tag.body`, the two-factor secrets
 * sealed before key ids) by trying each key: the tag tells the right one.
 */
export function open(keys: SealKeys, sealed: string, name: string): string {
  const parts = sealed.split('.');
  if (parts[0] === FORM) {
    const key = keys.all.find((k) => k.id === parts[1]);
    if (!key) throw new Error(`a value sealed under key ${parts[1]} of ${name}, which is neither ${envName(name)} nor listed in ${envName(name)}_OLD`);
    return decrypt(key.key, parts.slice(2));
  }
  for (const k of keys.all) {
    try {
      return decrypt(k.key, parts);
    } catch {
      // another key's tag: try the next one
    }
  }
  throw new Error(`a value in the older form that neither ${envName(name)} nor a key listed in ${envName(name)}_OLD opens`);
}

/** A column holding sealed values, by the key of its table; `plainBefore`: rows from before sealing hold the value itself. */
export interface SealedColumn {
  table: string;
  key: string;
  column: string;
  plainBefore?: boolean;
}

/**
 * Seals again under today's key every value of `columns` not sealed under it yet (the plain ones
 * from before sealing, those under an old key, those in the older form), in one transaction: run
 * at start under the start-up lock. Throws, changing nothing, when a value opens under no key of
 * the seal. Answers how many values were sealed again.
 */
export async function resealRows(db: Db, name: string, columns: SealedColumn[]): Promise<number> {
  const keys = await sealKeys(db, name);
  const today = `${FORM}.${keys.current.id}.`;
  return db.transaction().execute(async (trx) => {
    let n = 0;
    for (const c of columns) {
      const { rows } = await sql<{ k: unknown; v: string }>`
        select ${sql.ref(c.key)} as k, ${sql.ref(c.column)} as v from ${sql.table(c.table)}
        where ${sql.ref(c.column)} is not null and not starts_with(${sql.ref(c.column)}, ${today}) for update`.execute(trx);
      for (const r of rows) {
        const plain = c.plainBefore && !isSealed(r.v) ? r.v : open(keys, r.v, name);
        await sql`update ${sql.table(c.table)} set ${sql.ref(c.column)} = ${seal(keys, plain)} where ${sql.ref(c.key)} = ${r.k}`.execute(trx);
        n++;
      }
    }
    return n;
  });
}

/** Where a key's stored values stand: under today's key; under a listed old one, or not yet in today's form (moved at the next start or entry); under no configured key. */
export interface KeyUsage {
  current: number;
  old: number;
  none: number;
}

/**
 * How the values of `columns` stand against the seal's keys, each opened (a value altered in place
 * opens under none): what `keys-check` reports before an old key is destroyed.
 */
export async function sealUsage(db: Db, name: string, columns: SealedColumn[]): Promise<KeyUsage> {
  const keys = await sealKeys(db, name);
  const usage: KeyUsage = { current: 0, old: 0, none: 0 };
  for (const c of columns) {
    const { rows } = await sql<{ v: string }>`select ${sql.ref(c.column)} as v from ${sql.table(c.table)} where ${sql.ref(c.column)} is not null`.execute(db);
    for (const { v } of rows) {
      if (c.plainBefore && !isSealed(v)) {
        usage.old++;
        continue;
      }
      try {
        open(keys, v, name);
      } catch {
        usage.none++;
        continue;
      }
      if (sealedKeyId(v) === keys.current.id) usage.current++;
      else usage.old++;
    }
  }
  return usage;
}
