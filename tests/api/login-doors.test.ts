/**
 * Issue 44, item 1: one login rule for every door (player, partner, operator, platform). Each try
 * is counted before its hash, past a few a challenge; unproved tries hash in the free lane; the
 * lock anyone can set binds only untrusted, unproved tries and asks them a challenge, so a solved
 * challenge, a device cookie or a recovery code keeps the owner's way in; a made-up id answers as
 * a real one does.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/contract/enums.js';
import { platformCalls } from '../../src/contract/platform.js';
import { hashPool } from '../../src/server/domain/auth/hashPool.js';
import { configVariants, injectCall, roomyLimits, solve, startTestServer, testDb, type TestServer } from './harness.js';
import { postJson, totp } from './platformKit.js';

const PASSWORD = 'a long owner password';
const PASS = 'demo1234!';

describe(`one login rule for every door (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  let secret = '';
  let recovery: string[] = [];
  const variants = configVariants(() => s);
  const { variant } = variants;
  beforeAll(async () => {
    s = await startTestServer();
    const token = s.setupToken!;
    secret = (await postJson<{ secret: string }>(s, platformCalls.setupStart.path, { token })).data!.secret;
    const made = await postJson<{ recoveryCodes: string[] }>(s, platformCalls.setup.path, {
      token,
      loginId: 'owner',
      password: PASSWORD,
      passwordCheck: PASSWORD,
      otpCode: totp(secret),
    });
    expect(made.resultCode).toBe('0');
    recovery = made.data!.recoveryCodes;
  }, 600_000);
  afterAll(async () => {
    await variants.close();
    await s?.close();
  });

  const call = (f: FastifyInstance, path: string, body: Record<string, unknown>, ip: string, cookie?: string | null) => injectCall(s, f, path, body, { ip, cookie });
  /** A code the account has not used yet: the step counter goes back, as after a wait of one step. */
  const freshCode = async () => {
    await s.app.db.updateTable('platform_account').set({ totp_step: 0 }).where('login_id', '=', 'owner').execute();
    return totp(secret);
  };
  const unlock = () => s.app.db.updateTable('platform_account').set({ failed: 0, locked_until: null }).where('login_id', '=', 'owner').execute();
  const platform = (f: FastifyInstance, ip: string, body: { loginId?: string; password?: string; otpCode?: string; pow?: unknown } = {}) =>
    call(f, platformCalls.login.path, { loginId: 'owner', password: 'wrong password!', otpCode: '123456', ...body }, ip);
  /** Wrong passwords for an id from as many addresses, one after the other. */
  const wrongFromMany = async (n: number, net: string, send: (ip: string) => Promise<{ resultCode: string }>) => {
    const codes: string[] = [];
    for (let i = 0; i < n; i++) codes.push((await send(`${net}.${i + 1}`)).resultCode);
    return codes;
  };
  const platformLocked = async () => {
    const row = await s.app.db.selectFrom('platform_account').select('locked_until').where('login_id', '=', 'owner').executeTakeFirstOrThrow();
    return !!row.locked_until && new Date(row.locked_until).getTime() > s.now();
  };

  it('counts a parallel burst before its hashes: past the address wall a challenge, and the owner still signs in', async () => {
    const wall = 5;
    const f = await variant({ limits: { ...roomyLimits(), adminLoginFailPerIp: { max: wall, windowMs: 900_000 } } });
    await unlock();
    hashPool.resetStats();
    const burst = await Promise.all(Array.from({ length: 30 }, () => platform(f, '10.71.0.1')));
    const st = hashPool.stats();
    // at most the wall's count reached a hash; the rest were asked to pay first
    expect(st.startedFree + st.startedPriority).toBeLessThanOrEqual(wall);
    expect(burst.filter((r) => r.resultCode === 'L001').length).toBeLessThanOrEqual(wall);
    expect(burst.every((r) => ['L001', 'L005', 'R429'].includes(r.resultCode))).toBe(true);
    expect(await platformLocked()).toBe(false);
    // the owner, from another address: the right password and a fresh code
    expect((await platform(f, '10.71.0.2', { password: PASSWORD, otpCode: await freshCode() })).resultCode).toBe('0');
  });

  it('lets the owner through a lock with a solved challenge: the lock only asks untrusted tries to pay', async () => {
    const f = await variant();
    await unlock();
    const codes = await wrongFromMany(limits.maxWrongPasswords + 1, '10.72.0', (ip) => platform(f, ip));
    expect(codes).toEqual(Array(limits.maxWrongPasswords + 1).fill('L001'));
    expect(await platformLocked()).toBe(true);
    const asked = await platform(f, '10.72.1.1', { password: PASSWORD, otpCode: await freshCode() });
    expect(asked.resultCode).toBe('L005');
    const pow = await solve(asked.data.challenge);
    expect((await platform(f, '10.72.1.1', { password: PASSWORD, otpCode: await freshCode(), pow })).resultCode).toBe('0');
    expect(await platformLocked()).toBe(false);
  });

  it('signs the owner in with a recovery code while the account is locked for untrusted tries', async () => {
    const f = await variant();
    await unlock();
    await wrongFromMany(limits.maxWrongPasswords + 1, '10.73.0', (ip) => platform(f, ip));
    expect(await platformLocked()).toBe(true);
    expect((await platform(f, '10.73.1.1', { password: PASSWORD, otpCode: recovery[0] })).resultCode).toBe('0');
    // spent: once
    await wrongFromMany(limits.maxWrongPasswords + 1, '10.73.2', (ip) => platform(f, ip));
    expect((await platform(f, '10.73.1.2', { password: PASSWORD, otpCode: recovery[0] })).resultCode).toBe('L005');
  });

  it('answers a made-up id as a real one, try after try, at the platform door and a site door', async () => {
    const f = await variant();
    await unlock();
    const n = limits.maxWrongPasswords + 3;
    const real = await wrongFromMany(n, '10.74.0', (ip) => platform(f, ip));
    const madeUp = await wrongFromMany(n, '10.74.1', (ip) => platform(f, ip, { loginId: 'nobodyhere' }));
    expect(madeUp).toEqual(real);
    expect(real[0]).toBe('L001');
    const player = (memId: string) => (ip: string) => call(f, '/api/member/login', { memId, memPass: 'wrong-pass' }, ip);
    const member = await wrongFromMany(n, '10.74.2', player('user5'));
    const ghost = await wrongFromMany(n, '10.74.3', player('nouser5'));
    expect(ghost).toEqual(member);
    expect(member.at(-1)).toBe('L005');
    // the real player still signs in with a solved challenge, and its device cookie keeps its own way
    const asked = await call(f, '/api/member/login', { memId: 'user5', memPass: PASS }, '10.74.4.1');
    expect(asked.resultCode).toBe('L005');
    const pow = await solve(asked.data.challenge);
    const signedIn = await call(f, '/api/member/login', { memId: 'user5', memPass: PASS, pow }, '10.74.4.1');
    expect(signedIn.resultCode).toBe('0');
  });

  it('keeps a flood of anonymous platform logins out of the priority lane', async () => {
    const f = await variant();
    hashPool.resetStats();
    const flood = await Promise.all(Array.from({ length: 60 }, (_, i) => platform(f, `10.75.${i % 20}.1`, { loginId: `ghost${i}` })));
    expect(flood.every((r) => ['L001', 'L005'].includes(r.resultCode))).toBe(true);
    const st = hashPool.stats();
    expect(st.startedFree).toBeGreaterThan(0);
    expect(st.startedPriority).toBe(0);
    // a proved sign-in is the one that takes it
    // its overflow was asked to pay, not queued
    const asked = flood.find((r) => r.resultCode === 'L005');
    expect(asked).toBeDefined();
    const pow = await solve(asked!.data.challenge);
    hashPool.resetStats();
    expect((await platform(f, '10.75.0.1', { password: PASSWORD, otpCode: await freshCode(), pow })).resultCode).toBe('0');
    expect(hashPool.stats().startedPriority).toBe(1);
  });
});
