/**
 * The HTTP and input side of the hardening: headers, throttles (R429), real client addresses,
 * the maintenance window and bet lock on the server, strict amounts, NUL bytes and impossible
 * dates, database refusals as codes, the vendor's max win, demo round ids per player, logging.
 * One seeded server; variants with other settings are built over the same app and injected.
 */
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReqOf } from '../../src/contract/define.js';
import { parseTrustProxy, type Config } from '../../src/server/config.js';
import { buildHttp } from '../../src/server/http/app.js';
import { hashPool } from '../../src/server/domain/auth/hashPool.js';
import { callback, cashOf, tx, walletState } from './gamesKit.js';
import { bankSafeOffset, injectCall, roomyLimits, solve, startTestServer, testDb, type TestServer } from './harness.js';
import { expectSound, moneyState, rid } from './moneyKit.js';
import { adminCalls } from '../../src/contract/admin.js';
import { betCalls } from '../../src/contract/bet.js';
import { cashCalls } from '../../src/contract/cash.js';
import { demoCalls, gameCalls } from '../../src/contract/game.js';
import { memberCalls } from '../../src/contract/member.js';
import { partnerCalls } from '../../src/contract/partner.js';
import { adminSiteCalls, siteCalls } from '../../src/contract/site.js';
import { newKeyPair } from '../../src/contract/sealed.js';
import { retailCalls } from '../../src/contract/retail.js';

const small = (max: number) => ({ max, windowMs: 60_000 });
const redisUrl = process.env.REDIS_URL || (process.env.PITBOSS_TEST_REDIS ? 'redis://127.0.0.1:6379' : undefined);

describe(`HTTP hardening (${testDb})`, () => {
  let s: TestServer;
  const variants: FastifyInstance[] = [];
  const tokens = new Map<string, string>();
  const tok = async (memId: string) => tokens.get(memId) ?? tokens.set(memId, await s.login(memId)).get(memId)!;

  beforeAll(async () => {
    s = await startTestServer({ clockOffsetMs: bankSafeOffset() });
  }, 400_000);
  afterAll(async () => {
    await Promise.all(variants.map((f) => f.close()));
    await s?.close();
  });

  /** The same app behind another HTTP front with other settings (limits, proxies, TLS, logs). */
  async function variant(config: Partial<Config>, logStream?: PassThrough) {
    const f = await buildHttp({ ...s.app, config: { ...s.app.config, ...config } }, [], { logStream });
    await f.ready();
    variants.push(f);
    return f;
  }
  const call = (f: FastifyInstance, path: string, body?: Record<string, unknown>, o?: Parameters<typeof injectCall>[4]) => injectCall(s, f, path, body, o);

  describe('finding 6: security headers', () => {
    it('answers API calls with the strictest policy (no sources, no framing), nosniff and no-store; HSTS only with TLS', async () => {
      for (const res of [
        await s.raw('/api/etc/bank', { method: 'POST', headers: { 'content-type': 'application/json', authorization: s.apiKey }, body: JSON.stringify({ siteId: s.siteId }) }),
        await s.raw('/api/nope', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
        await s.raw('/api/health', { method: 'GET' }),
      ]) {
        // a JSON answer is never a document: nothing may load from it, nothing may frame it
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
        expect(res.headers.get('strict-transport-security')).toBeNull();
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
      const tls = await variant({ tls: true });
      const r = await tls.inject({ method: 'GET', url: '/api/health' });
      expect(r.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    });

    it('sends the document policy (own scripts only, the live channel, no framing, a referrer policy) on the API reference page', async () => {
      const res = await s.raw('/api/docs', { method: 'GET' });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+/);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp.match(/script-src[^;]*/)![0]).not.toContain('unsafe-inline');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    });
  });

  describe('finding 16: client addresses', () => {
    const lastLoginIp = async (memId: string) =>
      (
        await s.app.db
          .selectFrom('login_log as l')
          .innerJoin('member as m', 'm.id', 'l.member_id')
          .select('l.access_ip')
          .where('m.site_id', '=', s.siteId)
          .where('m.mem_id', '=', memId)
          .orderBy('l.id', 'desc')
          .executeTakeFirstOrThrow()
      ).access_ip;

    it('ignores X-Forwarded-For by default and honours it with TRUST_PROXY=1', async () => {
      const plain = await variant({});
      const spoof = { 'x-forwarded-for': '6.6.6.6' };
      expect((await call(plain, '/api/member/login', { memId: 'user12', memPass: 'demo1234!' }, { ip: '10.1.2.3', headers: spoof })).resultCode).toBe('0');
      expect(await lastLoginIp('user12')).toBe('10.1.2.3');
      expect(parseTrustProxy(undefined)).toBe(false);
      const proxied = await variant({ trustProxy: parseTrustProxy('1') });
      expect((await call(proxied, '/api/member/login', { memId: 'user12', memPass: 'demo1234!' }, { ip: '10.1.2.3', headers: spoof })).resultCode).toBe('0');
      expect(await lastLoginIp('user12')).toBe('6.6.6.6');
      expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
      expect(parseTrustProxy('true')).toBe(true);
    });
  });

  describe('finding 7: throttles', () => {
    it('asks an address for a solved challenge after too many failed logins, even with the right password; a forged X-Forwarded-For does not help', async () => {
      const f = await variant({ limits: { ...roomyLimits(), loginFailPerIp: small(3) } });
      for (let i = 0; i < 3; i++) {
        const r = await call(f, '/api/member/login', { memId: `ghost${i}`, memPass: 'wrong-pass' }, { ip: '10.7.0.1', headers: { 'x-forwarded-for': `9.9.9.${i}` } });
        expect(r.resultCode).toBe('L001');
      }
      const r = await call(f, '/api/member/login', { memId: 'user13', memPass: 'demo1234!' }, { ip: '10.7.0.1', headers: { 'x-forwarded-for': '9.9.9.9' } });
      expect(r).toMatchObject({ status: 200, resultCode: 'L005' });
      const pow = await solve(r.data.challenge);
      expect((await call(f, '/api/member/login', { memId: 'user13', memPass: 'demo1234!', pow }, { ip: '10.7.0.1' })).resultCode).toBe('0');
      // another address is not affected; successes are not counted
      for (let i = 0; i < 4; i++) expect((await call(f, '/api/member/login', { memId: 'user13', memPass: 'demo1234!' }, { ip: '10.7.0.2' })).resultCode).toBe('0');
    });

    it('throttles operator logins, signup, captcha, the site lookup, the sealed-body handshake and every login try per address', async () => {
      const f = await variant({
        limits: {
          ...roomyLimits(),
          adminLoginFailPerIp: small(2),
          signupPerIp: small(2),
          captchaPerIp: small(2),
          siteLookupPerIp: small(2),
          sealKeyPerIp: small(2),
          loginPerIp: small(5),
        },
      });
      const ip = '10.9.0.1';
      const captcha = async () => (await call(f, '/api/member/captcha', {}, { ip: '10.9.9.9' })).data?.captchaId;
      for (let i = 0; i < 2; i++) {
        const pow = await solve((await call(f, '/api/member/challenge', {}, { ip })).data.challenge);
        const r = await call(f, '/api/member/login', { memId: 'admin', memPass: 'nope!!', loginPage: 'admin', captchaId: 'x', captcha: '0000', pow }, { ip });
        expect(r.resultCode).toBe('L002');
      }
      // past the operator screen's limit: no wall, but every try pays a challenge (that screen always asks one)
      expect((await call(f, '/api/member/login', { memId: 'admin', memPass: 'demo1234!', loginPage: 'admin' }, { ip })).resultCode).toBe('L005');
      for (let i = 0; i < 2; i++) expect((await call(f, '/api/member/signup', { memId: `zz${i}` }, { ip })).resultCode).not.toBe('R429');
      expect((await call(f, '/api/member/signup', { memId: 'zz9' }, { ip })).resultCode).toBe('R429');
      expect(await captcha()).toBeTruthy();
      expect(await captcha()).toBeTruthy();
      expect((await call(f, '/api/member/captcha', {}, { ip: '10.9.9.9' })).resultCode).toBe('R429');
      const site = () => f.inject({ method: 'POST', url: '/api/common/site', payload: { prefix: 'demo' }, remoteAddress: ip });
      expect((await site()).statusCode).toBe(200);
      expect((await site()).statusCode).toBe(200);
      const over = await site();
      expect([over.statusCode, over.json().resultCode]).toEqual([429, 'R429']);
      // each handshake keeps a key in memory: one address cannot churn out the keys others use
      const handshake = async () => (await call(f, siteCalls.sealKey.path, { pub: (await newKeyPair()).pub }, { ip })).resultCode;
      expect([await handshake(), await handshake(), await handshake()]).toEqual(['0', '0', 'R429']);
      // five tries a minute from one address, failed or not; then each needs a challenge
      const burst = await Promise.all(Array.from({ length: 8 }, () => call(f, '/api/member/login', { memId: 'user16', memPass: 'demo1234!' }, { ip: '10.9.0.7' })));
      expect(burst.filter((r) => r.resultCode === 'L005')).toHaveLength(3);
    });

    it.skipIf(!redisUrl)('holds a limit and used challenges across two instances sharing Redis (PITBOSS_TEST_REDIS=1)', async () => {
      const limits = { ...roomyLimits(), loginFailPerIp: small(4), signupPerIp: small(3), namespace: `pitboss-test-${randomBytes(4).toString('hex')}:` };
      const [a, b] = [await variant({ redisUrl, limits }), await variant({ redisUrl, limits })];
      // failures alternate between the instances; the fifth try from that address needs a challenge on either
      for (let i = 0; i < 4; i++) expect((await call(i % 2 ? b : a, '/api/member/login', { memId: 'user2', memPass: 'wrong-pass' }, { ip: '10.11.0.1' })).resultCode).toBe('L001');
      expect((await call(a, '/api/member/login', { memId: 'user2', memPass: 'demo1234!' }, { ip: '10.11.0.1' })).resultCode).toBe('L005');
      const refused = await call(b, '/api/member/login', { memId: 'user2', memPass: 'demo1234!' }, { ip: '10.11.0.1' });
      expect(refused.resultCode).toBe('L005');
      // a challenge used on one instance is used on the other
      const pow = await solve(refused.data.challenge);
      expect((await call(a, '/api/member/login', { memId: 'user2', memPass: 'demo1234!', pow }, { ip: '10.11.0.1' })).resultCode).toBe('0');
      expect((await call(b, '/api/member/login', { memId: 'user2', memPass: 'demo1234!', pow }, { ip: '10.11.0.1' })).resultCode).toBe('L005');
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await call(i % 2 ? b : a, '/api/member/signup', { memId: `rr${i}` }, { ip: '10.11.1.1' })).resultCode);
      expect(codes.map((c) => c === 'R429')).toEqual([false, false, false, true]);
      // a lone instance (its own in-process counters) would have let all of them through
      await s.app.db.updateTable('member').set({ failed_logins: 0 }).where('site_id', '=', s.siteId).where('mem_id', '=', 'user2').execute();
    });

    it('counts wrong withdrawal passwords per member', async () => {
      const f = await variant({ limits: { ...roomyLimits(), cashOutPassFailPerMember: small(2) } });
      const token = await tok('user17');
      const before = await moneyState(s);
      for (let i = 0; i < 2; i++)
        expect((await call(f, '/api/cash/out', { cashAmt: 10_000, cashOutPass: '9999', requestId: rid() }, { token, ip: `10.10.0.${i}` })).resultCode).toBe('C008');
      expect((await call(f, '/api/cash/out', { cashAmt: 10_000, cashOutPass: '1234', requestId: rid() }, { token, ip: '10.10.0.9' })).resultCode).toBe('R429');
      expect(await moneyState(s)).toBe(before);
    });

    it('unknown ids cost a password hash like known ones', async () => {
      // counted, not timed: each wrong login, known id or not, runs exactly one scrypt in the server's pool
      const hashes = async (memId: string) => {
        const before = hashPool.stats().completed;
        expect((await s.call(memberCalls.login, { memId, memPass: 'wrong-pass' })).resultCode).toBe('L001');
        return hashPool.stats().completed - before;
      };
      await hashes('nobody-warm'); // the decoy hash unknown ids are checked against is made once
      for (let i = 0; i < 3; i++) {
        expect(await hashes('user18')).toBe(1);
        expect(await hashes(`nobody${i}`)).toBe(1);
      }
      // leave user18 unlocked for later tests
      await s.app.db.updateTable('member').set({ failed_logins: 0 }).where('site_id', '=', s.siteId).where('mem_id', '=', 'user18').execute();
    });
  });

  describe('finding 8: maintenance window and bet lock on the server', () => {
    const fmt = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    it('refuses player and partner calls with B0093 while the operator keeps working', async () => {
      const admin = await tok('admin');
      const [user, ptn] = [await tok('user4'), await tok('ptn7')];
      const g = await s.call(gameCalls.getGame, { vendorKey: 'demo-slot', gameType: 'slot', gameKey: 'lucky-sevens' }, user);
      expect(g.resultCode).toBe('0');
      const now = s.now();
      expect((await s.call(adminSiteCalls.siteCheck, { startDate: fmt(new Date(now - 60_000)), endDate: fmt(new Date(now + 3600_000)) }, admin)).data!.inCheck).toBe(true);
      const before = await moneyState(s);
      try {
        expect((await s.call(memberCalls.login, { memId: 'user5', memPass: 'demo1234!' })).resultCode).toBe('B0093');
        expect((await s.call(memberCalls.login, { memId: 'user5', memPass: 'demo1234!', loginPage: 'player' })).resultCode).toBe('B0093');
        const captcha = await s.call(memberCalls.captcha, {});
        const onAdminPage: ReqOf<typeof memberCalls.login> = { memId: 'user5', memPass: 'demo1234!', loginPage: 'admin', captchaId: captcha.data?.captchaId, captcha: '1234' };
        expect((await s.call(memberCalls.login, onAdminPage)).resultCode).toBe('L003');
        expect((await s.call(memberCalls.signup, { memId: 'maint1' })).resultCode).toBe('B0093');
        expect((await s.call(cashCalls.deposit, { cashAmt: 10_000, requestId: rid() }, user)).resultCode).toBe('B0093');
        expect((await s.call(cashCalls.withdraw, { cashAmt: 10_000, cashOutPass: '1234', requestId: rid() }, user)).resultCode).toBe('B0093');
        expect((await s.call(retailCalls.cashIn, { memId: 'user1', inAmt: 10_000, requestId: rid() }, ptn)).resultCode).toBe('B0093');
        expect((await s.call(retailCalls.cashOut, { memId: 'user1', outAmt: 10_000, requestId: rid() }, ptn)).resultCode).toBe('B0093');
        expect((await s.call(demoCalls.slotSpin, { t: g.data!.token, bet: 1_000 })).resultCode).toBe('B0093');
        expect(await moneyState(s)).toBe(before);
        // the operator logs in on its own page and works
        const r = await s.call(memberCalls.login, {
          memId: 'admin',
          memPass: 'demo1234!',
          loginPage: 'admin',
          captchaId: (await s.call(memberCalls.captcha, {})).data!.captchaId,
          captcha: '1234',
        });
        expect(r.resultCode).toBe('0');
        tokens.set('admin', r.data!.token);
        expect((await s.call(adminCalls.ledgerCheck, {}, r.data!.token)).resultCode).toBe('0');
        expect((await s.call(adminCalls.grant, { memId: 'user4', cashAmt: 1_000, mode: 2, requestId: rid() }, r.data!.token)).resultCode).toBe('0');
      } finally {
        expect((await s.call(adminSiteCalls.siteCheck, { startDate: '', endDate: '' }, tokens.get('admin'))).data!.inCheck).toBe(false);
      }
      expect((await s.call(cashCalls.deposit, { cashAmt: 10_000, requestId: rid() }, user)).resultCode).toBe('0');
      expect((await s.call(memberCalls.login, { memId: 'user5', memPass: 'demo1234!' })).resultCode).toBe('0');
    });

    it('refuses bets and launches with B1001 while bets are locked', async () => {
      const admin = await tok('admin');
      const user = await tok('user6');
      const g = await s.call(gameCalls.getGame, { vendorKey: 'demo-slot', gameType: 'slot', gameKey: 'lucky-sevens' }, user);
      expect((await s.call(adminSiteCalls.lockBet, { lockBetYn: 'Y' }, admin)).resultCode).toBe('0');
      try {
        expect((await s.call(demoCalls.slotSpin, { t: g.data!.token, bet: 1_000 })).resultCode).toBe('B1001');
        expect((await s.call(gameCalls.getGame, { vendorKey: 'demo-slot', gameType: 'slot', gameKey: 'lucky-sevens' }, user)).resultCode).toBe('B1001');
      } finally {
        await s.call(adminSiteCalls.lockBet, { lockBetYn: 'N' }, admin);
      }
      expect((await s.call(demoCalls.slotSpin, { t: g.data!.token, bet: 1_000 })).resultCode).toBe('0');
    });
  });

  describe('finding 10: strict amounts', () => {
    it('refuses hex, binary, exponent, separators, signs and spaces with V001 and no change', async () => {
      const [user, ptn, admin] = [await tok('user7'), await tok('ptn7'), await tok('admin')];
      const before = await moneyState(s);
      for (const bad of [
        '0x2710',
        '0b10011100010000',
        '0o23420',
        '1e4',
        '1,0000',
        '10,000',
        ' 10000',
        '10000 ',
        '+10000',
        '-10000',
        '10000.0',
        '１００００',
        10000.5,
        -10000,
        true,
        [10000],
        { v: 1 },
      ]) {
        for (const [path, body, t] of [
          ['/api/cash/in', { cashAmt: bad }, user],
          ['/api/cash/out', { cashAmt: bad, cashOutPass: '1234' }, user],
          ['/api/cash/pointChg', { pointAmt: bad }, user],
          ['/api/v2/retail/cashIn', { memId: 'user1', inAmt: bad }, ptn],
          ['/api/admin/cash/grant', { memId: 'user1', cashAmt: bad, mode: 2 }, admin],
        ] as const) {
          const r = await s.post(path, { ...body, requestId: rid() }, t);
          expect(r.resultCode, `${path} ${JSON.stringify(bad)}`).toBe('V001');
        }
      }
      expect(await moneyState(s)).toBe(before);
      expect((await s.call(adminCalls.grant, { memId: 'user7', cashAmt: '10000', mode: 2, requestId: rid() }, admin)).resultCode).toBe('0');
    });
  });

  describe('finding 11: NUL bytes, impossible dates, database refusals', () => {
    it('answers a NUL byte in any field, key or the site id with V001, never 500', async () => {
      const [user, ptn, admin] = [await tok('user8'), await tok('ptn7'), await tok('admin')];
      const cases: [string, Record<string, unknown>, string | null][] = [
        ['/api/member/login', { memId: 'us\u0000er1', memPass: 'demo1234!' }, null],
        ['/api/member/signup', { memId: 'abc\u0000d', memPass: 'x' }, null],
        ['/api/admin/member/checkNickname', { memNick: 'n\u0000ck' }, null],
        ['/api/board/faq/save', { title: 'a\u0000b', content: 'c', faqType: 'etc' }, user],
        ['/api/v2/retail/cashIn', { memId: 'user1', inAmt: 10_000, memo: 'm\u0000', requestId: rid() }, ptn],
        ['/api/v2/retail/detail/info/save', { memId: 'user1', memNick: 'x\u0000y' }, ptn],
        ['/api/admin/banner/save', { title: 't', content: '<p>\u0000</p>' }, admin],
        ['/api/cash/list/', { startDate: '2026-01-01\u0000' }, user],
        ['/api/cash/in', { cashAmt: 10_000, requestId: 'r\u0000' }, user],
        ['/api/cash/in', { cashAmt: 10_000, requestId: rid(), 'x\u0000': 1 }, user],
      ];
      for (const [path, body, t] of cases) {
        const r = await s.post(path, body, t);
        expect(r.resultCode, `${path} ${JSON.stringify(body)}`).toBe('V001');
      }
      const res = await s.raw('/api/etc/bank', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: s.apiKey },
        body: JSON.stringify({ siteId: 'demo\u0000' }),
      });
      expect(res.status).toBeLessThan(500);
      const w = await callback(s, 'demo-slot', 'balance', { memId: 'user1\u0000' });
      expect(w.resultCode).toBe('V001');
    });

    it('answers impossible dates with V001', async () => {
      const [user, ptn, admin] = [await tok('user8'), await tok('ptn7'), await tok('admin')];
      for (const d of ['2026-02-30', '2026-02-29', '2026-13-01', '2026-01-01 25:61:00', '2026-01-01 24:00:00', '2026-04-31 10:00:00']) {
        expect((await s.call(cashCalls.list, { startDate: d }, user)).resultCode, d).toBe('V001');
        expect((await s.call(betCalls.betlist, { groupKey: 'slot', startDate: '2026-01-01', endDate: d }, user)).resultCode, d).toBe('V001');
        expect((await s.call(partnerCalls.cashReport, { startDate: d }, ptn)).resultCode, d).toBe('V001');
        expect((await s.call(adminSiteCalls.siteCheck, { startDate: d, endDate: '2027-01-01 00:00:00' }, admin)).resultCode, d).toBe('V001');
      }
      expect((await s.call(cashCalls.list, { startDate: '2024-02-29' }, user)).resultCode).toBe('0');
    });

    it('answers an operator grant that would overflow a balance with V002 and no change', async () => {
      const admin = await tok('admin');
      const before = await moneyState(s);
      const r = await s.call(adminCalls.grant, { memId: 'user9', cashAmt: Number.MAX_SAFE_INTEGER, mode: 2, requestId: rid() }, admin);
      expect(r.resultCode).toBe('V002');
      expect(await moneyState(s)).toBe(before);
      const p = await s.call(adminCalls.grant, { memId: 'user9', cashAmt: Number.MAX_SAFE_INTEGER, mode: 2, kind: 'point', requestId: rid() }, admin);
      expect(p.resultCode).toBe('V002');
      expect(await moneyState(s)).toBe(before);
    });
  });

  describe('finding 12 and 18: vendor max win, demo round ids per player', () => {
    it('refuses a win above the vendor maxWin with B6003 and pays nothing', async () => {
      const v = await s.app.db.selectFrom('vendor').select('max_win').where('site_id', '=', s.siteId).where('code', '=', 'demo-slot').executeTakeFirstOrThrow();
      const betTx = tx('mw');
      expect((await callback(s, 'demo-slot', 'bet', { memId: 'user10', txId: betTx, roundId: betTx, gameCode: 'lucky-sevens', amount: 1_000 })).resultCode).toBe('0');
      const before = await walletState(s);
      const big = await callback(s, 'demo-slot', 'win', { memId: 'user10', txId: tx('w'), betTxId: betTx, amount: v.max_win + 1 });
      expect(big.resultCode).toBe('B6003');
      expect(await walletState(s)).toBe(before);
      expect((await callback(s, 'demo-slot', 'win', { memId: 'user10', txId: tx('w'), betTxId: betTx, amount: v.max_win })).resultCode).toBe('0');
    });

    it("refuses another player's round id without showing that player's round or balance", async () => {
      const launch = async (memId: string) =>
        (await s.call(gameCalls.getGame, { vendorKey: 'demo-slot', gameType: 'slot', gameKey: 'lucky-sevens' }, await tok(memId))).data!.token as string;
      const [t1, t2] = [await launch('user11'), await launch('user19')];
      const first = await s.call(demoCalls.slotSpin, { t: t1, bet: 1_000, roundId: 'shared-round' });
      expect(first.resultCode).toBe('0');
      const before = (await cashOf(s, 'user19')).cash;
      const other = await s.call(demoCalls.slotSpin, { t: t2, bet: 1_000, roundId: 'shared-round' });
      expect(other.resultCode).toBe('C999');
      expect(other.data).toBeNull();
      expect((await cashOf(s, 'user19')).cash).toBe(before);
    });
  });

  describe('logging', () => {
    it('writes one line per call with request id, path, code and time; secrets never appear', async () => {
      const lines: string[] = [];
      const stream = new PassThrough();
      stream.on('data', (b: Buffer) => lines.push(...b.toString().split('\n').filter(Boolean)));
      const f = await variant({ logLevel: 'info' }, stream);
      const login = await call(f, '/api/member/login', { memId: 'user20', memPass: 'demo1234!' });
      const token = login.data.token as string;
      await call(f, '/api/cash/out', { cashAmt: 10_000, cashOutPass: '9876', requestId: rid() }, { token });
      await f.inject({ method: 'GET', url: '/demo/game/demo-slot/lucky-sevens?t=launch-secret-123' });
      await new Promise((r) => setTimeout(r, 50));
      const calls = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'call');
      expect(calls.find((l) => l.path === '/api/member/login')).toMatchObject({ status: 200, code: '0', reqId: expect.any(String), ms: expect.any(Number) });
      expect(calls.find((l) => l.path === '/api/cash/out')).toMatchObject({ code: 'C008' });
      const all = lines.join('\n');
      for (const secret of ['demo1234!', '9876', token, s.apiKey, 'launch-secret-123']) expect(all).not.toContain(secret);
    });
  });

  it('keeps the ledger sound', async () => {
    await expectSound(s.app.db, s.siteId);
  });
});
