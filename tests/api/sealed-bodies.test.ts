import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonCalls } from '../../src/contract/common.js';
import { agreeKeys, newKeyPair, open, seal, type DirectionKeys, type SealedBody } from '../../src/contract/sealed.js';
import { adminSiteCalls, siteCalls } from '../../src/contract/site.js';
import { Sealer } from '../../src/app/lib/sealing.js';
import { startTestServer, testDb, type TestServer } from './harness.js';

describe(`sealed bodies (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.login('admin');
  }, 600_000);
  afterAll(() => s?.close());

  /** One POST exactly as given, with the site key: the status and the JSON on the wire. */
  const wire = async (path: string, body: unknown, token?: string) => {
    const res = await s.raw(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: s.apiKey, ...(token ? { 'x-auth-token': token } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, text: await res.text() };
  };
  const json = async (p: Promise<{ text: string }>) => JSON.parse((await p).text);
  const handshake = async (): Promise<{ keyId: string; keys: DirectionKeys }> => {
    const own = await newKeyPair();
    const r = await json(wire(siteCalls.sealKey.path, { siteId: s.siteId, pub: own.pub }));
    expect(r.resultCode).toBe('0');
    return { keyId: r.data.keyId, keys: await agreeKeys(own.priv, r.data.pub, s.siteId, r.data.keyId) };
  };
  const sealFor = (k: { keyId: string; keys: DirectionKeys }, n: number, path: string, body: Record<string, unknown>) =>
    seal(k.keys.req, 'req', path, k.keyId, n, JSON.stringify({ siteId: s.siteId, ...body }));
  const opened = async (k: { keys: DirectionKeys }, path: string, answer: SealedBody) => JSON.parse(await open(k.keys.res, 'res', path, answer));
  const setSealing = (sealYn: 'Y' | 'N') => s.call(adminSiteCalls.sealBodies, { sealYn }, admin);
  const lookup = async () => (await json(wire(commonCalls.site.path, { prefix: 'demo' }))).data.sealYn;

  it('is switched by the operator, audited, and the public site lookup tells the app', async () => {
    expect((await setSealing('N')).data).toEqual({ sealYn: 'N' });
    expect(await lookup()).toBe('N');
    expect((await json(wire('/api/etc/bank', { siteId: s.siteId }))).resultCode).toBe('0');
    expect((await setSealing('Y')).data).toEqual({ sealYn: 'Y' });
    expect(await lookup()).toBe('Y');
    expect((await s.call(adminSiteCalls.siteState, {}, admin)).data?.sealYn).toBe('Y');
    const entry = await s.app.db
      .selectFrom('audit_log')
      .select(['actor', 'before', 'after'])
      .where('site_id', '=', s.siteId)
      .where('action', '=', adminSiteCalls.sealBodies.path)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor: 'admin', before: { sealYn: 'N' }, after: { sealYn: 'Y' } });
  });

  it('refuses a plain body on a sealed site (EN003); a caller without the site key still gets S401', async () => {
    await setSealing('Y');
    const plain = await wire('/api/etc/bank', { siteId: s.siteId });
    expect(plain.status).toBe(400);
    expect(JSON.parse(plain.text).resultCode).toBe('EN003');
    const stranger = await s.raw('/api/etc/bank', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ siteId: s.siteId }) });
    expect(stranger.status).toBe(401);
    // the handshake and the site lookup come before any key: plain
    expect(await lookup()).toBe('Y');
  });

  it('carries a login sealed both ways: no password out, no token back in the clear', async () => {
    await setSealing('Y');
    const k = await handshake();
    const captcha = await wire('/api/member/captcha', await sealFor(k, 1, '/api/member/captcha', {}));
    const captchaId = (await opened(k, '/api/member/captcha', JSON.parse(captcha.text))).data.captchaId;
    const body = await sealFor(k, 2, '/api/member/login', { memId: 'user2', memPass: 'demo1234!', captchaId, captcha: '1234' });
    expect(JSON.stringify(body)).not.toMatch(/memPass|demo1234|user2/);
    const res = await wire('/api/member/login', body);
    expect(res.text).not.toMatch(/token|resultCode/);
    const answer = JSON.parse(res.text) as SealedBody;
    expect({ k: answer.k, n: answer.n }).toEqual({ k: k.keyId, n: 2 });
    const env = await opened(k, '/api/member/login', answer);
    expect(env.resultCode).toBe('0');
    expect(typeof env.data.token).toBe('string');
  });

  it('refuses a captured deposit request sent again (EN001): one request, not two', async () => {
    await setSealing('Y');
    const token = await s.login('user3');
    const k = await handshake();
    const requests = () =>
      s.app.db
        .selectFrom('cash_request')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('site_id', '=', s.siteId)
        .executeTakeFirstOrThrow();
    const before = Number((await requests()).n);
    const captured = await sealFor(k, 1, '/api/cash/in', { cashAmt: 10_000, requestId: randomUUID() });
    const first = await wire('/api/cash/in', captured, token);
    expect((await opened(k, '/api/cash/in', JSON.parse(first.text))).resultCode).toBe('0');
    const again = await wire('/api/cash/in', captured, token);
    expect(JSON.parse(again.text).resultCode).toBe('EN001');
    expect(Number((await requests()).n)).toBe(before + 1);
    // a later counter under the same key still works; an older one that was never used passes once within the window
    expect((await opened(k, '/api/etc/bank', JSON.parse((await wire('/api/etc/bank', await sealFor(k, 5, '/api/etc/bank', {}))).text))).resultCode).toBe('0');
    expect((await opened(k, '/api/etc/bank', JSON.parse((await wire('/api/etc/bank', await sealFor(k, 3, '/api/etc/bank', {}))).text))).resultCode).toBe('0');
    expect(JSON.parse((await wire('/api/etc/bank', await sealFor(k, 3, '/api/etc/bank', {}))).text).resultCode).toBe('EN001');
  });

  it('refuses a body moved to another call or changed (EN004), and a key of another site or none (EN002)', async () => {
    await setSealing('Y');
    const k = await handshake();
    const moved = await wire('/api/etc/siteOption', await sealFor(k, 1, '/api/etc/bank', {}));
    expect(JSON.parse(moved.text).resultCode).toBe('EN004');
    const body = await sealFor(k, 2, '/api/etc/bank', {});
    const changed = { ...body, ct: (body.ct[0] === 'A' ? 'B' : 'A') + body.ct.slice(1) };
    expect(JSON.parse((await wire('/api/etc/bank', changed)).text).resultCode).toBe('EN004');
    // the refused bodies burnt no counter: the genuine one still opens
    expect((await opened(k, '/api/etc/bank', JSON.parse((await wire('/api/etc/bank', body)).text))).resultCode).toBe('0');
    expect(JSON.parse((await wire('/api/etc/bank', { ...body, k: 'no-such-key', n: 9 })).text).resultCode).toBe('EN002');
    const otherSite = await seal(k.keys.req, 'req', '/api/etc/bank', k.keyId, 10, JSON.stringify({ siteId: 'another-site' }));
    expect(JSON.parse((await wire('/api/etc/bank', otherSite)).text).resultCode).toBe('EN002');
  });

  it("agrees a new key once when the server forgot the old one (the app's sealer)", async () => {
    await setSealing('Y');
    let handshakes = 0;
    const sealer = new Sealer(s.siteId, async (pub) => {
      handshakes++;
      return (await json(wire(siteCalls.sealKey.path, { siteId: s.siteId, pub }))).data;
    });
    const post = (b: unknown) => json(wire('/api/etc/bank', b));
    expect((await sealer.call('/api/etc/bank', { siteId: s.siteId }, post)).resultCode).toBe('0');
    expect((await sealer.call('/api/etc/bank', { siteId: s.siteId }, post)).resultCode).toBe('0');
    expect(handshakes).toBe(1);
    s.app.sealKeys.clear();
    expect((await sealer.call('/api/etc/bank', { siteId: s.siteId }, post)).resultCode).toBe('0');
    expect(handshakes).toBe(2);
  });

  it('leaves health and vendor callbacks plain; refuses a handshake with a point off the curve', async () => {
    await setSealing('Y');
    expect((await (await s.raw('/api/health', { method: 'GET' })).json()).resultCode).toBe('0');
    const own = await newKeyPair();
    const bad = own.pub.slice(0, -2) + (own.pub.at(-2) === 'A' ? 'B' : 'A') + own.pub.at(-1);
    expect((await json(wire(siteCalls.sealKey.path, { siteId: s.siteId, pub: bad }))).resultCode).toBe('V001');
  });
});
