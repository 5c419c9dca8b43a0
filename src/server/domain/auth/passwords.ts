import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { hashPool, type Lane } from './hashPool.js';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const N = 16384;
const R = 8;
const P = 1;
const LEN = 32;

/** `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string, lane: Lane = 'priority'): Promise<string> {
  const salt = randomBytes(16);
  const hash = await hashPool.run(lane, () => scrypt(password, salt, LEN, { N, r: R, p: P }));
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Throws HashBusy (at once) when the pool cannot take the hash; see hashPool.ts. */
export async function verifyPassword(password: string, stored: string | null | undefined, lane: Lane = 'priority', source?: string | null): Promise<boolean> {
  if (!stored) return false;
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const got = await hashPool.run(lane, () => scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) }), source ?? '');
  return timingSafeEqual(got, expected);
}
