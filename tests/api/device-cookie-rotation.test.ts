/**
 * Changing the device-cookie key with an old-key window (`device-cookie-old`): a browser whose
 * cookie the old key signed is still its account's device, and gets the cookie again under the
 * new key on its next sign-in; once the old key is dropped, a cookie it signed is no device.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildHttp } from '../../src/server/http/app.js';
import { injectCall, startTestServer, testDb, type TestServer } from './harness.js';

const PASS = 'demo1234!';
// the keys come from the environment: changing it and building another front stands for a restart with other keys
const keys = (current: string, old?: string) => {
  vi.stubEnv('PITBOSS_SECRET_DEVICE_COOKIE', current);
  vi.stubEnv('PITBOSS_SECRET_DEVICE_COOKIE_OLD', old);
};

describe(`device cookie key rotation (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  const fronts: FastifyInstance[] = [];
  beforeAll(async () => {
    keys('device-key-A-0123456789abcdef-0123456789abcdef');
    s = await startTestServer();
  }, 600_000);
  afterAll(async () => {
    await Promise.all(fronts.map((f) => f.close()));
    await s?.close();
    vi.unstubAllEnvs();
  });

  // another instance on the same database, started with the keys set now
  async function instance() {
    const f = await buildHttp(s.app);
    await f.ready();
    fronts.push(f);
    return f;
  }
  const login = (f: FastifyInstance, memPass: string, ip: string, cookie?: string | null, memId = 'user7') =>
    injectCall(s, f, '/api/member/login', { memId, memPass }, { ip, cookie });
  const devices = async (memId = 'user7') =>
    (
      await s.app.db
        .selectFrom('login_device')
        .innerJoin('member', 'member.id', 'login_device.member_id')
        .select('login_device.id')
        .where('member.site_id', '=', s.siteId)
        .where('member.mem_id', '=', memId)
        .execute()
    ).map((r) => r.id);

  it('keeps a device signed under the old key while the old key is listed, and issues its cookie again under the new one', async () => {
    const a = await instance();
    const first = await login(a, PASS, '10.71.0.1');
    expect(first.resultCode).toBe('0');
    const underA = first.cookie!;
    expect(underA).toMatch(/^pbd_[\w-]+=[\w-]+\.[\w-]+$/);
    const [device] = await devices();
    expect(underA.split('=')[1]!.split('.')[0]).toBe(device);
    // wrong passwords from elsewhere lock the account for every browser that is not its device
    for (let i = 0; i < 9; i++) await login(a, `bad${i}`, `10.71.1.${i}`);
    expect((await login(a, PASS, '10.71.2.1')).resultCode).toBe('L005');

    keys('device-key-B-0123456789abcdef-0123456789abcdef', 'device-key-A-0123456789abcdef-0123456789abcdef');
    const b = await instance();
    const again = await login(b, PASS, '10.71.0.1', underA);
    expect(again.resultCode).toBe('0');
    // the same device, its cookie now under the new key (another name, the same nonce)
    const underB = again.cookie!;
    expect(underB).toMatch(/^pbd_[\w-]+=[\w-]+\.[\w-]+$/);
    expect(underB.split('=')[0]).not.toBe(underA.split('=')[0]);
    expect(underB.split('=')[1]!.split('.')[0]).toBe(device);
    expect(await devices()).toEqual([device]);
    // a cookie under today's key is not issued again
    expect((await login(b, PASS, '10.71.0.1', underB)).cookie).toBeNull();

    // the old key dropped: the re-issued cookie is the device, the old one is a new browser
    keys('device-key-B-0123456789abcdef-0123456789abcdef');
    const c = await instance();
    for (let i = 0; i < 9; i++) await login(c, `bad${i}`, `10.71.3.${i}`);
    expect((await login(c, PASS, '10.71.0.1', underA)).resultCode).toBe('L005');
    expect((await login(c, PASS, '10.71.0.1', underB)).resultCode).toBe('0');
  });

  it('without the old key listed, rotating makes a signed-in browser a new device', async () => {
    keys('device-key-C-0123456789abcdef-0123456789abcdef');
    const c = await instance();
    const first = await login(c, PASS, '10.72.0.1', null, 'user8');
    expect(first.resultCode).toBe('0');
    const before = await devices('user8');
    keys('device-key-D-0123456789abcdef-0123456789abcdef');
    const d = await instance();
    const next = await login(d, PASS, '10.72.0.1', first.cookie, 'user8');
    expect(next.resultCode).toBe('0');
    expect(next.cookie).not.toBeNull();
    expect((await devices('user8')).length).toBe(before.length + 1);
  });
});
