/**
 * Sealed bodies: a call's JSON body as an AES-256-GCM envelope under a key the app and the server
 * agreed with ephemeral ECDH P-256 (HKDF-SHA-256). Web Crypto only, in the browser and in Node
 * alike, so both sides run this one file. The format and its reasons: docs/encrypted-bodies.md.
 */

/** The envelope on the wire (base64url): key id, counter, IV, ciphertext with its GCM tag. */
export interface SealedBody {
  k: string;
  n: number;
  iv: string;
  ct: string;
}

/** req: app to server; res: server to app. Each direction has its own key. */
export type Direction = 'req' | 'res';

export interface DirectionKeys {
  req: CryptoKey;
  res: CryptoKey;
}

const VERSION = 'pitboss-envelope/1';
const subtle = () => globalThis.crypto.subtle;
const utf8 = new TextEncoder();

export function toB64u(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromB64u(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** A body that has the envelope's four fields and nothing else. */
export function isSealedBody(body: unknown): body is SealedBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return Object.keys(b).length === 4 && typeof b.k === 'string' && Number.isSafeInteger(b.n) && (b.n as number) > 0 && typeof b.iv === 'string' && typeof b.ct === 'string';
}

/** An ephemeral ECDH P-256 pair; the public half as the raw uncompressed point in base64url. */
export async function newKeyPair(): Promise<{ pub: string; priv: CryptoKey }> {
  const pair = (await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair;
  const raw = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  return { pub: toB64u(raw), priv: pair.privateKey };
}

/**
 * Both directions' AES-256-GCM keys from our private key and the peer's public one. HKDF's salt is
 * the key id and its info names the site and the direction, so a key serves one site, one id, one way.
 */
export async function agreeKeys(priv: CryptoKey, peerPub: string, siteId: string, keyId: string): Promise<DirectionKeys> {
  const raw = fromB64u(peerPub);
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('not an uncompressed P-256 point');
  const peer = await subtle().importKey('raw', raw, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const secret = await subtle().deriveBits({ name: 'ECDH', public: peer }, priv, 256);
  const ikm = await subtle().importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  const one = (dir: Direction) =>
    subtle().deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: utf8.encode(keyId), info: utf8.encode(`${VERSION} site=${siteId} dir=${dir}`) },
      ikm,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
  return { req: await one('req'), res: await one('res') };
}

/** The additional data: the envelope cannot move to another call, direction, key or counter. */
const aad = (dir: Direction, path: string, k: string, n: number) => utf8.encode(`${VERSION}|${dir}|${path}|${k}|${n}`);

export async function seal(key: CryptoKey, dir: Direction, path: string, k: string, n: number, plain: string): Promise<SealedBody> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: aad(dir, path, k, n) }, key, utf8.encode(plain)));
  return { k, n, iv: toB64u(iv), ct: toB64u(ct) };
}

/** The plain text, or a throw when the envelope was changed, moved or made under another key. */
export async function open(key: CryptoKey, dir: Direction, path: string, body: SealedBody): Promise<string> {
  const iv = fromB64u(body.iv);
  if (iv.length !== 12) throw new Error('bad iv');
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv, additionalData: aad(dir, path, body.k, body.n) }, key, fromB64u(body.ct));
  return new TextDecoder().decode(plain);
}
