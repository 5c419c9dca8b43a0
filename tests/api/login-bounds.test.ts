/**
 * Issue 33, the bounded login path: a device cookie spares only its own account's wrong-password
 * lock. It lifts no address limit or challenge, buys no place ahead of the hash queue, and one
 * account signed in to again and again pays per try past its rate.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPool } from '../../src/server/domain/auth/hashPool.js';
import { bankSafeOffset, configVariants, injectCall, roomyLimits, solve, startTestServer, testDb, type TestServer } from './harness.js';

const PASS = 'demo1234!';
const small = (max: number) => ({ max, windowMs: 60_000 });

describe(`bounded login path (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  const variants = configVariants(() => s);
  const { variant } = variants;
  beforeAll(async () => {
    s = await startTestServer({ clockOffsetMs: bankSafeOffset() });
  }, 600_000);
  afterAll(async () => {
    await variants.close();
    await s?.close();
  });

  const call = (f: FastifyInstance, path: string, body?: Record<string, unknown>, o?: Parameters<typeof injectCall>[4]) => injectCall(s, f, path, body, o);
  const login = (f: FastifyInstance, memId: string, ip: string, o: { cookie?: string | null; pow?: unknown } = {}) =>
    call(f, '/api/member/login', { memId, memPass: PASS, ...(o.pow ? { pow: o.pow } : {}) }, { ip, cookie: o.cookie });

  it('asks a device-cookie holder past its address limit for a challenge like anyone else', async () => {
    const f = await variant({ limits: { ...roomyLimits(), loginPerIp: small(3) } });
    const device = (await login(f, 'user12', '10.41.0.1')).cookie;
    expect(device).toBeTruthy();
    const ip = '10.41.0.2';
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await login(f, 'user12', ip, { cookie: device })).resultCode);
    expect(codes.slice(0, 3)).toEqual(['0', '0', '0']);
    expect(codes.slice(3)).toEqual(['L005', 'L005']);
    const asked = await login(f, 'user12', ip, { cookie: device });
    expect((await login(f, 'user12', ip, { cookie: device, pow: await solve(asked.data.challenge) })).resultCode).toBe('0');
  });

  it('hands an address past its limits its open challenge again, not a new one each try; a solution retires it', async () => {
    const f = await variant({ limits: { ...roomyLimits(), loginPerIp: small(1) } });
    const ip = '10.44.0.1';
    expect((await login(f, 'user17', ip)).resultCode).toBe('0');
    const asked = await Promise.all(Array.from({ length: 6 }, () => login(f, 'user17', ip)));
    expect(asked.map((r) => r.resultCode)).toEqual(Array(6).fill('L005'));
    const nonces = new Set(asked.map((r) => r.data.challenge.parameters.nonce));
    expect(nonces.size).toBe(1);
    // another address has its own
    const other = await login(f, 'user17', '10.44.0.2');
    expect(other.resultCode).toBe('0');
    // solved and used: the next try past the limit gets a new one, and the used one signs nobody in again
    const pow = await solve(asked[0]!.data.challenge);
    expect((await login(f, 'user17', ip, { pow })).resultCode).toBe('0');
    const again = await login(f, 'user17', ip, { pow });
    expect(again.resultCode).toBe('L005');
    expect(again.data.challenge.parameters.nonce).not.toBe(asked[0]!.data.challenge.parameters.nonce);
    expect((await login(f, 'user17', ip)).data.challenge.parameters.nonce).toBe(again.data.challenge.parameters.nonce);
  });

  it('limits the logins of one account from many addresses, cookie or not: past the rate a challenge', async () => {
    const f = await variant({ limits: { ...roomyLimits(), loginPerAccount: small(4) } });
    const device = (await login(f, 'user13', '10.42.0.1')).cookie;
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) codes.push((await login(f, 'user13', `10.42.1.${i}`, { cookie: i % 2 ? device : null })).resultCode);
    expect(codes).toEqual(['0', '0', '0', 'L005', 'L005', 'L005']);
    // another account is not touched by it
    expect((await login(f, 'user14', '10.42.2.1')).resultCode).toBe('0');
  });

  it('puts a device-cookie flood in the bounded free lane: its overflow is asked to pay, and a proved login waits behind none of it', async () => {
    const f = await variant();
    const device = (await login(f, 'user15', '10.43.0.1')).cookie;
    hashPool.resetStats();
    const flood = Array.from({ length: 80 }, () => login(f, 'user15', '10.43.0.2', { cookie: device }));
    const pow = await solve((await call(f, '/api/member/challenge', {}, { ip: '10.43.9.9' })).data.challenge);
    const real = login(f, 'user16', '10.43.9.9', { pow });
    const [mine, ...rest] = await Promise.all([real, ...flood]);
    expect(mine.resultCode).toBe('0');
    const codes = rest.map((r) => r.resultCode);
    expect(codes.every((c) => c === '0' || c === 'L005')).toBe(true);
    expect(codes.filter((c) => c === 'L005').length).toBeGreaterThan(0);
    const st = hashPool.stats();
    expect(st.refused).toBeGreaterThan(0);
    expect(st.maxPriorityWaitedBehind).toBeLessThanOrEqual(hashPool.concurrency);
  });
});
