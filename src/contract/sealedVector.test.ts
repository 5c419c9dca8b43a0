import { createCipheriv, createDecipheriv, createECDH, hkdfSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agreeKeys, open, seal, type Direction } from './sealed';

/** The test vector of docs/encrypted-bodies.md, read from the document so the text cannot drift from the code. */
function vector(): Record<string, string> {
  const doc = readFileSync(new URL('../../docs/encrypted-bodies.md', import.meta.url), 'utf8');
  const block = /## Test vector[\s\S]*?```text\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('no test vector block in docs/encrypted-bodies.md');
  const out: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const m = /^(\w+)\s+= (.*)$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

const v = vector();
const hex = (s: string) => Buffer.from(s, 'hex');
const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');

/** A private P-256 key for Web Crypto from the vector's scalar (JWK wants the public point too). */
async function privateKey(scalarHex: string): Promise<CryptoKey> {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(hex(scalarHex));
  const point = ecdh.getPublicKey();
  const jwk = { kty: 'EC', crv: 'P-256', d: b64u(hex(scalarHex)), x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) };
  return crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
}

/** The next seal's IV is the vector's (seal draws it from getRandomValues). */
function nextIv(ivHex: string) {
  vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementationOnce(<T extends ArrayBufferView | null>(array: T): T => {
    (array as unknown as Uint8Array).set(hex(ivHex));
    return array;
  });
}

afterEach(() => vi.restoreAllMocks());

describe('sealed bodies: the documented test vector', () => {
  it('lists every value a client needs', () => {
    for (const name of [
      'siteId',
      'keyId',
      'path',
      'n',
      'clientPrivateHex',
      'clientPub',
      'serverPrivateHex',
      'serverPub',
      'sharedSecretHex',
      'hkdfSaltHex',
      'reqInfo',
      'reqKeyHex',
      'resInfo',
      'resKeyHex',
      'reqIvHex',
      'reqAad',
      'reqPlain',
      'reqEnvelope',
      'resIvHex',
      'resAad',
      'resPlain',
      'resEnvelope',
    ])
      expect(v[name], name).toBeTruthy();
  });

  it('is met by a client written from the text alone (node:crypto, no shared code)', () => {
    const client = createECDH('prime256v1');
    client.setPrivateKey(hex(v.clientPrivateHex));
    expect(b64u(client.getPublicKey())).toBe(v.clientPub);
    const z = client.computeSecret(Buffer.from(v.serverPub, 'base64url'));
    expect(z.toString('hex')).toBe(v.sharedSecretHex);
    const salt = Buffer.from(v.keyId, 'utf8');
    expect(salt.toString('hex')).toBe(v.hkdfSaltHex);
    const keys = {} as Record<Direction, Buffer>;
    for (const dir of ['req', 'res'] as const) {
      const info = `pitboss-envelope/1 site=${v.siteId} dir=${dir}`;
      expect(info).toBe(dir === 'req' ? v.reqInfo : v.resInfo);
      keys[dir] = Buffer.from(hkdfSync('sha256', z, salt, Buffer.from(info, 'utf8'), 32));
    }
    expect(keys.req.toString('hex')).toBe(v.reqKeyHex);
    expect(keys.res.toString('hex')).toBe(v.resKeyHex);

    const aad = (dir: Direction) => `pitboss-envelope/1|${dir}|${v.path}|${v.keyId}|${v.n}`;
    expect(aad('req')).toBe(v.reqAad);
    expect(aad('res')).toBe(v.resAad);
    const cipher = createCipheriv('aes-256-gcm', keys.req, hex(v.reqIvHex)).setAAD(Buffer.from(v.reqAad, 'utf8'));
    const ct = Buffer.concat([cipher.update(v.reqPlain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    expect(JSON.stringify({ k: v.keyId, n: Number(v.n), iv: b64u(hex(v.reqIvHex)), ct: b64u(ct) })).toBe(v.reqEnvelope);

    const answer = JSON.parse(v.resEnvelope) as { iv: string; ct: string };
    const sealed = Buffer.from(answer.ct, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keys.res, Buffer.from(answer.iv, 'base64url')).setAAD(Buffer.from(v.resAad, 'utf8'));
    decipher.setAuthTag(sealed.subarray(-16));
    expect(Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]).toString('utf8')).toBe(v.resPlain);
  });

  it("matches the app's code: seals the request, opens the answer", async () => {
    const keys = await agreeKeys(await privateKey(v.clientPrivateHex), v.serverPub, v.siteId, v.keyId);
    nextIv(v.reqIvHex);
    expect(JSON.stringify(await seal(keys.req, 'req', v.path, v.keyId, Number(v.n), v.reqPlain))).toBe(v.reqEnvelope);
    expect(await open(keys.res, 'res', v.path, JSON.parse(v.resEnvelope))).toBe(v.resPlain);
  });

  it("matches the server's code: opens the request, seals the answer", async () => {
    const keys = await agreeKeys(await privateKey(v.serverPrivateHex), v.clientPub, v.siteId, v.keyId);
    expect(await open(keys.req, 'req', v.path, JSON.parse(v.reqEnvelope))).toBe(v.reqPlain);
    nextIv(v.resIvHex);
    expect(JSON.stringify(await seal(keys.res, 'res', v.path, v.keyId, Number(v.n), v.resPlain))).toBe(v.resEnvelope);
  });
});
