import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/driver.js';
import { serverSecret } from './secrets.js';

// The TOTP secrets are sealed with AES-256-GCM under a server secret, so a copy of the member
// rows alone (a dump, a report query, a replica someone reads) does not give the codes away.
const keyOf = async (db: Db) =>
  createHash('sha256')
    .update(await serverSecret(db, 'totp-seal'))
    .digest();

/** `iv.tag.ciphertext`, each base64url. */
export async function sealSecret(db: Db, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', await keyOf(db), iv);
  const body = Buffer.concat([c.update(secret, 'utf8'), c.final()]);
  return [iv, c.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export async function openSecret(db: Db, sealed: string): Promise<string> {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const d = createDecipheriv('aes-256-gcm', await keyOf(db), iv!);
  d.setAuthTag(tag!);
  return Buffer.concat([d.update(body!), d.final()]).toString('utf8');
}
