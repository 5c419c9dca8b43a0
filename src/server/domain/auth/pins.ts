import { createHash, createHmac, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../../db/driver.js';
import { hashPool } from './hashPool.js';
import { verifyPassword } from './passwords.js';
import type { KeyUsage } from './seal.js';
import { serverSecret } from './secrets.js';

/*
 * The 4-digit withdrawal PIN. A slow hash alone protects it little: its 10,000 values fall in
 * minutes per member from a leaked table, however slow the hash. What protects it is a key the
 * member rows do not hold: the PIN is keyed with HMAC-SHA256 first (PITBOSS_PIN_KEY, kept outside
 * the database; else a server secret in its own table), then hashed with a cheap scrypt, so a leak
 * of the rows and the key together still costs about 20 s per member. A check costs ~2 ms instead
 * of the ~50 ms a login-strength scrypt takes, which keeps withdrawals fast under load.
 * Stored as `pin1$key id$N$r$p$salt$hash`; the key id is a fingerprint, so a hash made under
 * another key is found out instead of read as a wrong PIN.
 */
const scrypt = promisify(scryptCb) as (pw: Buffer, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const KIND = 'pin1';
const N = 1024;
const R = 8;
const P = 1;
const LEN = 32;

interface PinKey {
  id: string;
  key: Buffer;
}

// a key's fingerprint is made once: a process knows one or two keys (the configured one, the database's)
const keys = new Map<string, PinKey>();
function keyOf(secret: string): PinKey {
  let k = keys.get(secret);
  if (!k) keys.set(secret, (k = { id: createHash('sha256').update(secret).digest('base64url').slice(0, 10), key: Buffer.from(secret) }));
  return k;
}
let configured: PinKey | undefined;
let old: PinKey[] = [];

/**
 * The deployment's PIN key (config `pinKey`); unset, the database's own server secret is used.
 * `oldSecrets` (PITBOSS_PIN_OLD_KEYS): keys rotated out, still checking the PINs hashed under them
 * until each member's next right entry hashes it again under the current key.
 */
export function configurePinKey(secret: string | undefined, oldSecrets: string[] = []) {
  configured = secret ? keyOf(secret) : undefined;
  old = oldSecrets.map(keyOf);
}

const databaseKey = async (db: Db) => keyOf(await serverSecret(db, 'pin-key'));
const currentKey = async (db: Db) => configured ?? (await databaseKey(db));

async function pinHash(key: Buffer, pin: string, salt: Buffer, n: number, r: number, p: number, len: number) {
  const keyed = createHmac('sha256', key).update(pin).digest();
  return hashPool.run('priority', () => scrypt(keyed, salt, len, { N: n, r, p }));
}

export async function hashPin(db: Db, pin: string): Promise<string> {
  const k = await currentKey(db);
  const salt = randomBytes(16);
  const hash = await pinHash(k.key, pin, salt, N, R, P, LEN);
  return [KIND, k.id, N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Also takes the older plain `scrypt$` hashes (see `pinNeedsRehash`). Throws when the hash's key is not configured. */
export async function verifyPin(db: Db, pin: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  if (!stored.startsWith(`${KIND}$`)) return verifyPassword(pin, stored);
  const [, id, n, r, p, salt, hash] = stored.split('$');
  const k = [configured, ...old].find((c) => c?.id === id) ?? (await databaseKey(db));
  if (k.id !== id) throw new Error(`the withdrawal PIN key ${id} is not configured (PITBOSS_PIN_KEY, PITBOSS_PIN_OLD_KEYS)`);
  const expected = Buffer.from(hash!, 'base64');
  const got = await pinHash(k.key, pin, Buffer.from(salt!, 'base64'), Number(n), Number(r), Number(p), expected.length);
  return timingSafeEqual(got, expected);
}

/** A hash in an older form or under another key than today's, to be made again on the next right entry. */
export async function pinNeedsRehash(db: Db, stored: string): Promise<boolean> {
  const [kind, id, n] = stored.split('$');
  return kind !== KIND || id !== (await currentKey(db)).id || Number(n) !== N;
}

/** The stored PIN hashes (members', partner requests') against the keys: a listed old key may go once none names it. */
export async function pinKeyUsage(db: Db): Promise<KeyUsage> {
  const current = (await currentKey(db)).id;
  // as verifyPin: the `pin-key` secret still checks what it hashed while PITBOSS_PIN_KEY stands in for it
  const fallback = configured ? (await databaseKey(db).catch(() => undefined))?.id : undefined;
  const hashes = [
    ...(await db.selectFrom('member').select('cash_out_pass_hash as h').where('cash_out_pass_hash', 'is not', null).execute()),
    ...(await db.selectFrom('partner_request').select('cash_out_pass_hash as h').execute()),
  ];
  const usage: KeyUsage = { current: 0, old: 0, none: 0 };
  for (const { h } of hashes) {
    const [kind, id, n] = h!.split('$');
    if (kind === KIND && id === current) usage[Number(n) === N ? 'current' : 'old']++;
    // the older plain form needs no key; a listed old key's hash moves on its next right entry
    else if (kind !== KIND || id === fallback || old.some((k) => k.id === id)) usage.old++;
    else usage.none++;
  }
  return usage;
}
