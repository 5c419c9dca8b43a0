import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OpsRefusal } from './refusal.js';

/**
 * Backups are sealed with AES-256-GCM under the backup key (PITBOSS_BACKUP_KEY), so a copy of a
 * backup alone reads as noise. The file: MAGIC, a version byte, the key's id (8 bytes of an HMAC of
 * the key, so a restore tells "another key" from "damaged"), the 12-byte nonce, the ciphertext and
 * the 16-byte tag; the header is the tag's additional data. Keys rotate: new backups go under
 * PITBOSS_BACKUP_KEY, and restores also try PITBOSS_BACKUP_OLD_KEYS (comma-separated) by key id.
 */
const MAGIC = Buffer.from('PITBOSSB');
const VERSION = 1;
const HEADER = MAGIC.length + 1 + 8 + 12;
const TAG = 16;

export interface BackupKeys {
  /** new backups are sealed under this one */
  current: Buffer;
  /** every key a restore may open with, the current one first */
  all: Buffer[];
}

const SETUP = 'set PITBOSS_BACKUP_KEY to 32 random bytes in base64 (openssl rand -base64 32), kept apart from the backups';

function parseKey(v: string, name: string): Buffer {
  const t = v.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new OpsRefusal('no-key', `${name} is not 32 bytes (base64 or hex): ${SETUP}`);
  return key;
}

/** The backup keys from the environment; without PITBOSS_BACKUP_KEY no backup is written or read. */
export function backupKeys(env: NodeJS.ProcessEnv = process.env): BackupKeys {
  if (!env.PITBOSS_BACKUP_KEY) throw new OpsRefusal('no-key', `no backup key: ${SETUP}`);
  const current = parseKey(env.PITBOSS_BACKUP_KEY, 'PITBOSS_BACKUP_KEY');
  const old = (env.PITBOSS_BACKUP_OLD_KEYS ?? '')
    .split(',')
    .filter((k) => k.trim())
    .map((k) => parseKey(k, 'a key of PITBOSS_BACKUP_OLD_KEYS'));
  return { current, all: [current, ...old] };
}

export const keyId = (key: Buffer) => createHmac('sha256', key).update('pitboss backup key id').digest().subarray(0, 8);

function header(key: Buffer): Buffer {
  return Buffer.concat([MAGIC, Buffer.from([VERSION]), keyId(key), randomBytes(12)]);
}

/** Seals a stream into `file` under the current key. */
export async function sealTo(file: string, source: Readable | Uint8Array, keys: BackupKeys): Promise<void> {
  const head = header(keys.current);
  const cipher = createCipheriv('aes-256-gcm', keys.current, head.subarray(HEADER - 12)).setAAD(head);
  const out = createWriteStream(file, { mode: 0o600 });
  out.write(head);
  if (source instanceof Uint8Array) {
    out.write(cipher.update(source));
    out.write(cipher.final());
    out.end(cipher.getAuthTag());
    await new Promise<void>((r, j) => out.once('finish', r).once('error', j));
    return;
  }
  await pipeline(source, cipher, out, { end: false });
  out.end(cipher.getAuthTag());
  await new Promise<void>((r, j) => out.once('finish', r).once('error', j));
}

/** Opens a sealed backup into `plainFile` (0600), or refuses: not a backup, another key, damaged. */
export async function openTo(file: string, plainFile: string, keys: BackupKeys): Promise<void> {
  const size = (await stat(file)).size;
  const fh = await open(file, 'r');
  const head = Buffer.alloc(HEADER);
  const tag = Buffer.alloc(TAG);
  try {
    await fh.read(head, 0, HEADER, 0);
    if (size >= HEADER + TAG) await fh.read(tag, 0, TAG, size - TAG);
  } finally {
    await fh.close();
  }
  if (size < HEADER + TAG || !head.subarray(0, MAGIC.length).equals(MAGIC) || head[MAGIC.length] !== VERSION)
    throw new OpsRefusal('not-backup', `${file} is not a sealed Pitboss backup: give a file that \`backup\` wrote`);
  const id = head.subarray(MAGIC.length + 1, MAGIC.length + 9);
  const key = keys.all.find((k) => keyId(k).equals(id));
  if (!key) throw new OpsRefusal('wrong-key', `${file} was sealed under another backup key: set PITBOSS_BACKUP_KEY (or PITBOSS_BACKUP_OLD_KEYS) to the key it was made with`);
  const decipher = createDecipheriv('aes-256-gcm', key, head.subarray(HEADER - 12))
    .setAAD(head)
    .setAuthTag(tag);
  try {
    await pipeline(createReadStream(file, { start: HEADER, end: size - TAG - 1 }), decipher, createWriteStream(plainFile, { mode: 0o600 }));
  } catch {
    throw new OpsRefusal('not-backup', `${file} is damaged (its seal does not verify): restore from another backup`);
  }
}
