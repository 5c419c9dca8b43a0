import { describe, expect, it } from 'vitest';
import { agreeKeys, isSealedBody, newKeyPair, open, seal, type DirectionKeys } from './sealed';

/** Both ends of one handshake, as the app and the server derive them. */
async function pair(siteId = 'site-1', keyId = 'key-1'): Promise<{ app: DirectionKeys; server: DirectionKeys }> {
  const a = await newKeyPair();
  const b = await newKeyPair();
  return { app: await agreeKeys(a.priv, b.pub, siteId, keyId), server: await agreeKeys(b.priv, a.pub, siteId, keyId) };
}

describe('sealed bodies', () => {
  it('opens on the other side what one side sealed, each direction under its own key', async () => {
    const { app, server } = await pair();
    const body = JSON.stringify({ siteId: 'site-1', memId: 'user1', memPass: 'demo1234!' });
    const sealed = await seal(app.req, 'req', '/api/member/login', 'key-1', 1, body);
    expect(isSealedBody(sealed)).toBe(true);
    expect(JSON.stringify(sealed)).not.toContain('memPass');
    expect(await open(server.req, 'req', '/api/member/login', sealed)).toBe(body);
    const answer = await seal(server.res, 'res', '/api/member/login', 'key-1', 1, '{"resultCode":"0"}');
    expect(await open(app.res, 'res', '/api/member/login', answer)).toBe('{"resultCode":"0"}');
    // the request key does not open answers, nor the answer key requests
    await expect(open(app.req, 'res', '/api/member/login', answer)).rejects.toThrow();
  });

  it('refuses a body moved to another call', async () => {
    const { app, server } = await pair();
    const sealed = await seal(app.req, 'req', '/api/cash/cashOut', 'key-1', 1, '{"amount":10000}');
    await expect(open(server.req, 'req', '/api/cash/cashIn', sealed)).rejects.toThrow();
  });

  it('refuses a changed counter, key id, IV or ciphertext', async () => {
    const { app, server } = await pair();
    const sealed = await seal(app.req, 'req', '/api/cash/cashIn', 'key-1', 7, '{"amount":10000}');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    await expect(open(server.req, 'req', '/api/cash/cashIn', { ...sealed, n: 8 })).rejects.toThrow();
    await expect(open(server.req, 'req', '/api/cash/cashIn', { ...sealed, k: 'key-2' })).rejects.toThrow();
    await expect(open(server.req, 'req', '/api/cash/cashIn', { ...sealed, iv: flip(sealed.iv) })).rejects.toThrow();
    await expect(open(server.req, 'req', '/api/cash/cashIn', { ...sealed, ct: flip(sealed.ct) })).rejects.toThrow();
    expect(await open(server.req, 'req', '/api/cash/cashIn', sealed)).toBe('{"amount":10000}');
  });

  it('binds the key to the site and the key id', async () => {
    const a = await newKeyPair();
    const b = await newKeyPair();
    const app = await agreeKeys(a.priv, b.pub, 'site-1', 'key-1');
    const sealed = await seal(app.req, 'req', '/api/etc/bank', 'key-1', 1, '{}');
    const otherSite = await agreeKeys(b.priv, a.pub, 'site-2', 'key-1');
    const otherId = await agreeKeys(b.priv, a.pub, 'site-1', 'key-9');
    await expect(open(otherSite.req, 'req', '/api/etc/bank', sealed)).rejects.toThrow();
    await expect(open(otherId.req, 'req', '/api/etc/bank', sealed)).rejects.toThrow();
  });

  it('refuses a public key that is not a P-256 point', async () => {
    const a = await newKeyPair();
    await expect(agreeKeys(a.priv, 'AAAA', 'site-1', 'key-1')).rejects.toThrow();
    // a changed y coordinate: off the curve
    const offCurve = a.pub.slice(0, -2) + (a.pub.at(-2) === 'A' ? 'B' : 'A') + a.pub.at(-1);
    await expect(agreeKeys(a.priv, offCurve, 'site-1', 'key-1')).rejects.toThrow();
  });

  it('knows an envelope from a plain body', () => {
    expect(isSealedBody({ k: 'a', n: 1, iv: 'b', ct: 'c' })).toBe(true);
    expect(isSealedBody({ k: 'a', n: 0, iv: 'b', ct: 'c' })).toBe(false);
    expect(isSealedBody({ k: 'a', n: 1, iv: 'b', ct: 'c', siteId: 'x' })).toBe(false);
    expect(isSealedBody({ siteId: 'x' })).toBe(false);
    expect(isSealedBody([1, 2, 3, 4])).toBe(false);
  });
});
