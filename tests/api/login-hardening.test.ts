/**
 * The second hardening pass on login (issue 21, findings 1, 2, 4, 5 and 9): only the owner's
 * failures lock an account and never on its own device, the operator's id signs in on its own
 * screen only, a proof-of-work challenge instead of a wall per address, a bounded password-hash
 * pool, withdrawal-password limits per member, case-insensitive ids and look-alike nicknames.
 * One seeded server; variants with small limits are the same app behind another HTTP front,
 * called from distinct addresses.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPool } from '../../src/server/domain/auth/hashPool.js';
import { bankSafeOffset, configVariants, injectCall, roomyLimits, solve, startTestServer, testDb, type TestServer } from './harness.js';
import { moneyState, rid } from './moneyKit.js';
import { memberCalls } from '../../src/contract/member.js';

const PASS = 'demo1234!';
const small = (max: number) => ({ max, windowMs: 60_000 });

describe(`login hardening, second pass (${testDb})`, { timeout: 300_000 }, () => {
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
  const proof = async (f: FastifyInstance, ip?: string) => solve((await call(f, '/api/member/challenge', {}, { ip })).data.challenge);
  const captcha = async (f: FastifyInstance, ip?: string) => ({ captchaId: (await call(f, '/api/member/captcha', {}, { ip })).data.captchaId, captcha: '1234' });
  const adminLogin = async (f: FastifyInstance, memPass: string, ip: string, cookie?: string | null) =>
    call(f, '/api/member/login', { memId: 'admin', memPass, loginPage: 'admin', ...(await captcha(f, ip)), pow: await proof(f, ip) }, { ip, cookie });
  const member = (memId: string) => s.app.db.selectFrom('member').selectAll().where('site_id', '=', s.siteId).where('mem_id', '=', memId).executeTakeFirstOrThrow();

  describe('finding 1: only the owner can lock an account, and never out of its own device', () => {
    it('does not count logins refused before the password check: 60 parallel captcha-less tries for the operator leave its login working', async () => {
      const f = await variant({ limits: { ...roomyLimits(), loginPerIp: small(1_000), loginFailPerIp: small(1_000) } });
      const burst = await Promise.all(
        Array.from({ length: 60 }, (_, i) => call(f, '/api/member/login', { memId: ['admin', 'ptn1', 'user1'][i % 3], memPass: 'x', loginPage: 'partner' }, { ip: '10.21.0.1' })),
      );
      // no proof, no captcha: refused before any password is looked at
      expect(new Set(burst.map((r) => r.resultCode))).toEqual(new Set(['L005']));
      for (const id of ['admin', 'ptn1', 'user1']) expect((await member(id)).failed_logins).toBe(0);
      expect((await adminLogin(f, PASS, '10.21.0.2')).resultCode).toBe('0');
      expect((await call(f, '/api/member/login', { memId: 'user1', memPass: PASS }, { ip: '10.21.0.3' })).resultCode).toBe('0');
    });

    it('answers the operator id on the player and partner screens as an unknown id: nothing counts, its console session lives', async () => {
      const f = await variant();
      const console = await adminLogin(f, PASS, '10.22.0.1');
      expect(console.resultCode).toBe('0');
      // as a made-up id is: past the lock's count of failures an unproved try is asked for a challenge
      for (let i = 0; i < 12; i++) {
        expect((await call(f, '/api/member/login', { memId: 'admin', memPass: `bad${i}` }, { ip: `10.22.1.${i}` })).resultCode).toBe(i < 9 ? 'L001' : 'L005');
      }
      // even its right password, on a screen not its own
      expect((await call(f, '/api/member/login', { memId: 'admin', memPass: PASS }, { ip: '10.22.2.1' })).resultCode).toBe('L005');
      const partnerPage = await call(
        f,
        '/api/member/login',
        { memId: 'admin', memPass: PASS, loginPage: 'partner', ...(await captcha(f)), pow: await proof(f) },
        { ip: '10.22.2.2' },
      );
      expect(partnerPage.resultCode).toBe('L001');
      const m = await member('admin');
      expect([m.failed_logins, m.locked_until]).toEqual([0, null]);
      expect((await call(f, '/api/admin/dashboard', {}, { token: console.data.token })).resultCode).toBe('0');
    });

    it('keeps a device that signed in before working while failures from elsewhere lock the account, and locks that device only for its own failures', async () => {
      const f = await variant();
      const first = await call(f, '/api/member/login', { memId: 'user3', memPass: PASS }, { ip: '10.23.0.1' });
      expect(first.resultCode).toBe('0');
      // signed, HttpOnly, SameSite=Strict, only sent to the login call
      expect(first.cookie).toMatch(/^pbd_[\w-]+=[\w-]+\.[\w-]+$/);
      const device = first.cookie!;
      for (let i = 0; i < 9; i++) await call(f, '/api/member/login', { memId: 'user3', memPass: `bad${i}` }, { ip: `10.23.1.${i}` });
      expect((await call(f, '/api/member/login', { memId: 'user3', memPass: PASS }, { ip: '10.23.2.1' })).resultCode).toBe('L005');
      const owner = await call(f, '/api/member/login', { memId: 'user3', memPass: PASS }, { ip: '10.23.0.1', cookie: device });
      expect(owner.resultCode).toBe('0');
      expect(owner.cookie).toBeNull();
      // the lock from elsewhere ended no session
      expect((await call(f, '/api/member/info', {}, { token: owner.data.token })).resultCode).toBe('0');
      // a forged or another account's cookie is no device
      const forged = device.replace(/\.[\w-]+$/, '.AAAA');
      expect((await call(f, '/api/member/login', { memId: 'user3', memPass: PASS }, { ip: '10.23.0.1', cookie: forged })).resultCode).toBe('L005');
      expect((await call(f, '/api/member/login', { memId: 'user4', memPass: 'bad' }, { ip: '10.23.0.1', cookie: device })).resultCode).toBe('L001');
      // the device's own wrong passwords lock the device
      const codes = [];
      for (let i = 0; i < 9; i++) codes.push((await call(f, '/api/member/login', { memId: 'user3', memPass: `own${i}` }, { ip: '10.23.0.1', cookie: device })).resultCode);
      expect(codes).toEqual([...Array(8).fill('L001'), 'U003']);
      expect((await call(f, '/api/member/login', { memId: 'user3', memPass: PASS }, { ip: '10.23.0.1', cookie: device })).resultCode).toBe('U003');
      // the operator's unlock lifts both
      const admin = await adminLogin(f, PASS, '10.23.9.9');
      expect((await call(f, '/api/admin/member/unlock', { memId: 'user3' }, { token: admin.data.token })).resultCode).toBe('0');
      expect((await call(f, '/api/member/login', { memId: 'user3', memPass: PASS }, { ip: '10.23.0.1', cookie: device })).resultCode).toBe('0');
    });

    it('shows the operator on its console how many wrong passwords its account took, from how many addresses', async () => {
      const f = await variant();
      const token = (await adminLogin(f, PASS, '10.24.0.1')).data.token;
      const before = (await call(f, '/api/admin/dashboard', {}, { token })).data.loginAttack;
      expect(before).toMatchObject({ failures: 0, addresses: 0 });
      for (let i = 0; i < 3; i++) expect((await adminLogin(f, `wrong${i}`, `10.24.1.${i}`)).resultCode).toBe('L001');
      expect((await call(f, '/api/admin/dashboard', {}, { token })).data.loginAttack).toMatchObject({ failures: 3, addresses: 3, minutes: 15 });
      await s.app.db.updateTable('member').set({ failed_logins: 0 }).where('site_id', '=', s.siteId).where('mem_id', '=', 'admin').execute();
    });
  });

  describe('finding 2: one address does not shut out everyone behind it', () => {
    it('past the address limit a login needs a solved challenge instead of R429, and gets in with it', async () => {
      const f = await variant({ limits: { ...roomyLimits(), loginFailPerIp: small(3) } });
      const ip = '10.31.0.1';
      for (let i = 0; i < 5; i++) expect((await call(f, '/api/member/login', { memId: `ghost${i}`, memPass: 'nope' }, { ip })).resultCode).toMatch(/^L00[15]$/);
      const refused = await call(f, '/api/member/login', { memId: 'user5', memPass: PASS }, { ip });
      expect(refused).toMatchObject({ status: 200, resultCode: 'L005' });
      expect(refused.data.challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
      const pow = await solve(refused.data.challenge);
      expect((await call(f, '/api/member/login', { memId: 'user5', memPass: PASS, pow }, { ip })).resultCode).toBe('0');
      // a challenge is good once
      expect((await call(f, '/api/member/login', { memId: 'user5', memPass: PASS, pow }, { ip })).resultCode).toBe('L005');
      // a device that signed in before is asked too (issue 33): its cookie spares only its own lock count
      const device = (await call(f, '/api/member/login', { memId: 'user6', memPass: PASS }, { ip: '10.31.0.2' })).cookie;
      expect((await call(f, '/api/member/login', { memId: 'user6', memPass: PASS }, { ip, cookie: device })).resultCode).toBe('L005');
    });

    it("counts wrong withdrawal passwords per member: two members' failures from one address do not refuse a third member", async () => {
      const f = await variant({ limits: { ...roomyLimits(), cashOutPassFailPerMember: small(2) } });
      const ip = '10.32.0.1';
      const tok = async (memId: string) => (await call(f, '/api/member/login', { memId, memPass: PASS }, { ip: '10.32.9.9' })).data.token as string;
      const [a, b, c] = [await tok('user7'), await tok('user8'), await tok('user9')];
      const out = (token: string, cashOutPass: string) => call(f, '/api/cash/out', { cashAmt: 10_000, cashOutPass, requestId: rid() }, { token, ip });
      for (const t of [a, b]) for (let i = 0; i < 2; i++) expect((await out(t, '9999')).resultCode).toBe('C008');
      const before = await moneyState(s);
      expect((await out(a, '1234')).resultCode).toBe('R429');
      expect(await moneyState(s)).toBe(before);
      expect((await out(c, '1234')).resultCode).toBe('0');
    });
  });

  describe('finding 4: a flood does not starve real logins', () => {
    it('300 logins from 5 addresses: the overflow is refused at once, and a login that solved its challenge waits behind none of them', async () => {
      const f = await variant({ limits: { ...roomyLimits(), loginPerIp: small(20) } });
      hashPool.resetStats();
      const flood = Array.from({ length: 300 }, (_, i) => call(f, '/api/member/login', { memId: `flood${i}`, memPass: 'guess-guess' }, { ip: `127.0.0.${10 + (i % 5)}` }));
      const pow = await proof(f, '127.0.0.99');
      const real = call(f, '/api/member/login', { memId: 'user10', memPass: PASS, pow }, { ip: '127.0.0.10' });
      const [mine, ...rest] = await Promise.all([real, ...flood]);
      expect(mine.resultCode).toBe('0');
      const codes = rest.map((r) => r.resultCode);
      expect(codes.every((c) => c === 'L001' || c === 'L005')).toBe(true);
      // past 20 a minute per address, or past the hash queue, the flood was asked to pay
      expect(codes.filter((c) => c === 'L005').length).toBeGreaterThanOrEqual(300 - 5 * 20);
      const st = hashPool.stats();
      expect(st.maxQueued).toBeLessThanOrEqual(hashPool.queueMax + 1);
      expect(st.maxPriorityWaitedBehind).toBe(0);
      expect(st.queued).toBe(0);
    });

    it('asks signup for a solved challenge', async () => {
      const f = await variant();
      const form = {
        memId: 'powjoin1',
        memPass: 'fresh123!',
        memPassCheck: 'fresh123!',
        memPhone: '010-5500-1000',
        memNick: 'powjoiner',
        memName: 'POW',
        bank: 'KB',
        bankacc: '5510001',
        cashOutPass: '1234',
        cashOutPassCheck: '1234',
        recommenderId: 'ptn7',
      };
      const without = await call(f, '/api/member/signup', form);
      expect(without.resultCode).toBe('L005');
      expect((await call(f, '/api/member/signup', { ...form, pow: await solve(without.data.challenge) })).resultCode).toBe('0');
    });
  });

  describe('finding 5: the picture is backed by the proof of work', () => {
    it('a partner login with the right picture answer but no solved challenge is refused', async () => {
      const f = await variant();
      const body = { memId: 'ptn3', memPass: PASS, loginPage: 'partner' };
      expect((await call(f, '/api/member/login', { ...body, ...(await captcha(f)) })).resultCode).toBe('L005');
      expect((await call(f, '/api/member/login', { ...body, ...(await captcha(f)), pow: await proof(f) })).resultCode).toBe('0');
    });
  });

  describe('finding 9: identifiers', () => {
    const form = (memNick: string, n: number) => ({
      memId: `look${n}x`,
      memPass: 'fresh123!',
      memPassCheck: 'fresh123!',
      memPhone: `010-6${n}00-1000`,
      memNick,
      memName: 'LOOK',
      bank: 'KB',
      bankacc: `66${n}0001`,
      cashOutPass: '1234',
      cashOutPassCheck: '1234',
      recommenderId: 'ptn7',
    });

    it('refuses mixed-script look-alikes, stacked combining marks and lone surrogates (U105), and reserved words in any disguise (taken)', async () => {
      let n = 10;
      for (const nick of ['\u043Eperator', 'p\u0430ypal', 'abc\u0301\u0301\u0301\u0301', '\u0301abc', 'ab\uD800cd']) {
        expect((await s.call(memberCalls.signup, form(nick, n++))).resultCode, JSON.stringify(nick)).toBe('U105');
        expect((await s.call(memberCalls.checkNickname, { memNick: nick })).resultCode, JSON.stringify(nick)).toBe('U105');
      }
      for (const nick of ['OPERATOR', 'the_admin', '0PERAT0R', 'Pitboss Demo', 'Admin_01', '\uFF2F\uFF30\uFF25\uFF32\uFF21\uFF34\uFF2F\uFF32', '운영자님']) {
        expect((await s.call(memberCalls.signup, form(nick, n++))).resultCode, nick).toBe('U110');
        expect((await s.call(memberCalls.checkNickname, { memNick: nick })).data, nick).toEqual({ available: false });
      }
      // Hangul with Latin, and Vietnamese, are ordinary nicknames
      expect((await s.call(memberCalls.signup, form('홍길동abc', n++))).resultCode).toBe('0');
      expect((await s.call(memberCalls.signup, form('Tiếng Việt', n))).resultCode).toBe('0');
    });

    it('keeps member ids unique whatever their case, in the database too', async () => {
      expect((await s.call(memberCalls.checkId, { memId: 'USER1' })).data).toEqual({ available: false });
      const u1 = await member('user1');
      const insert = s.app.db
        .insertInto('member')
        .values({
          site_id: s.siteId,
          mem_id: 'USER1',
          pass_hash: u1.pass_hash,
          mem_nick: 'case_twin',
          partner_level: 'NORMAL',
          login_type: 'NORMAL',
        } as never)
        .execute();
      await expect(insert).rejects.toThrow(/member_site_lower_mem_id_uq|duplicate|unique/i);
    });

    it('throttles the id check per address like signup', async () => {
      const f = await variant({ limits: { ...roomyLimits(), checkIdPerIp: small(5) } });
      const codes = [];
      for (let i = 0; i < 7; i++) codes.push((await call(f, '/api/admin/member/checkId', { memId: `probe${i}` }, { ip: '10.91.0.1' })).resultCode);
      expect(codes).toEqual(['0', '0', '0', '0', '0', 'R429', 'R429']);
      expect((await call(f, '/api/admin/member/checkId', { memId: 'probe9' }, { ip: '10.91.0.2' })).resultCode).toBe('0');
    });
  });
});
