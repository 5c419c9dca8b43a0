/**
 * Issue 33, item 6: wrong passwords from untrusted devices set the operator's lock once a window;
 * after it ends they cannot renew it, and the operator's own device signs in throughout.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/contract/enums.js';
import { buildHttp } from '../../src/server/http/app.js';
import { injectCall, solve, startTestServer, testDb, type TestServer } from './harness.js';

const PASS = 'demo1234!';

describe(`the operator's lock (${testDb})`, { timeout: 120_000 }, () => {
  let s: TestServer;
  let f: FastifyInstance;
  const clock = () => s.app.clock as unknown as { offsetMs: number };
  beforeAll(async () => {
    s = await startTestServer();
    f = await buildHttp(s.app);
    await f.ready();
  }, 300_000);
  afterAll(async () => {
    await f?.close();
    await s?.close();
  });

  const call = (path: string, body?: Record<string, unknown>, o?: Parameters<typeof injectCall>[4]) => injectCall(s, f, path, body, o);
  const adminLogin = async (memPass: string, ip: string, cookie?: string | null) => {
    const captchaId = (await call('/api/member/captcha', {}, { ip })).data.captchaId;
    const pow = await solve((await call('/api/member/challenge', {}, { ip })).data.challenge);
    return call('/api/member/login', { memId: 'admin', memPass, loginPage: 'admin', captchaId, captcha: '1234', pow }, { ip, cookie });
  };
  const wrongTries = async (n: number, tag: string) => {
    const codes: string[] = [];
    for (let i = 0; i < n; i++) codes.push((await adminLogin(`bad-${tag}-${i}`, `10.61.${tag.length}.${i + 1}`)).resultCode);
    return codes;
  };
  const lockedUntil = async () =>
    (await s.app.db.selectFrom('member').select('locked_until').where('site_id', '=', s.siteId).where('mem_id', '=', 'admin').executeTakeFirstOrThrow()).locked_until;

  it('is set once a window by untrusted failures, not renewed after it ends; a trusted device signs in throughout', async () => {
    const own = await adminLogin(PASS, '10.60.0.1');
    expect(own.resultCode).toBe('0');
    const device = own.cookie!;
    const lockMs = s.app.config.lockMinutes * 60_000;
    try {
      const first = await wrongTries(limits.maxWrongPasswords + 1, 'a');
      // the locking try answers as any wrong password does; the lock is set
      expect(first.at(-1)).toBe('L001');
      expect(await lockedUntil()).not.toBeNull();
      expect((await adminLogin(PASS, '10.60.0.1', device)).resultCode).toBe('0');
      // the operator page asks every try for a solved challenge, which the lock never binds
      expect((await adminLogin(PASS, '10.60.0.2')).resultCode).toBe('0');

      // the lock ended: the same untrusted failures again do not set it a second time this window
      clock().offsetMs += lockMs + 60_000;
      const again = await wrongTries(limits.maxWrongPasswords + 4, 'bb');
      expect(again.every((c) => c === 'L001')).toBe(true);
      expect(await lockedUntil()).toBeNull();
      expect((await adminLogin(PASS, '10.60.0.3')).resultCode).toBe('0');
      expect((await adminLogin(PASS, '10.60.0.1', device)).resultCode).toBe('0');

      // a new window: untrusted failures may lock it once more
      clock().offsetMs += limits.operatorLockWindowHours * 3_600_000;
      expect((await wrongTries(limits.maxWrongPasswords + 1, 'ccc')).at(-1)).toBe('L001');
      expect(await lockedUntil()).not.toBeNull();
      expect((await adminLogin(PASS, '10.60.0.1', device)).resultCode).toBe('0');
    } finally {
      clock().offsetMs = 0;
      await s.app.db.updateTable('member').set({ failed_logins: 0, locked_until: null, lock_set_at: null }).where('site_id', '=', s.siteId).where('mem_id', '=', 'admin').execute();
    }
  });
});
