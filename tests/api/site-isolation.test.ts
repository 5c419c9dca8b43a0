/**
 * Two sites on one deployment, the second opened through the platform console: every call of site
 * A replayed with site B's ids, key and tokens (and the other way round) is refused at the door,
 * B's operator reaches nothing of A by A's ids, and neither site's money, captchas or audit chain
 * moves for the other. Live events, pushes and login locks stay per site, even for a member of B
 * with the same id as one of A.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, type IMessage } from '@stomp/stompjs';
import ece from 'http_ece';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/contract/enums.js';
import { createMember } from '../../src/server/domain/auth/members.js';
import { allRoutes } from '../../src/server/http/routes.js';
import { checkLedger } from '../../src/server/domain/money/ledgerCheck.js';
import { verifyAuditChain } from '../../src/server/domain/site/auditChain.js';
import { solve, startTestServer, testDb, type TestServer } from './harness.js';
import type { Call } from '../../src/contract/define.js';
import { rid } from './moneyKit.js';
import { isPlatformPath, openedSite, platformOwner, postJson } from './platformKit.js';
import { adminCalls, adminSecurityCalls } from '../../src/contract/admin.js';
import { cashCalls } from '../../src/contract/cash.js';
import { memberCalls } from '../../src/contract/member.js';
import { adminMessageCalls } from '../../src/contract/message.js';
import { pushCalls } from '../../src/contract/push.js';

// a site's own calls: neither the platform console's nor the vendors' wallet callbacks
const siteCalls = allRoutes.map((r) => r.call).filter((c) => !isPlatformPath(c.path) && c.access !== 'vendor');
const withSession = siteCalls.filter((c) => c.access !== 'public' && c.access !== 'site');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A push service: decrypts what it gets for each device it knows (RFC 8291). */
function pushService() {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; got: Record<string, unknown>[] }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const d = devices.get(req.url!.slice(1));
      if (!d) return void res.writeHead(410).end();
      d.got.push(JSON.parse(ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.auth }).toString('utf8')));
      res.writeHead(201).end();
    });
  });
  let base = '';
  return {
    server,
    async listen() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return base;
    },
    device(name: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const d = { ecdh, auth: randomBytes(16), got: [] as Record<string, unknown>[] };
      devices.set(name, d);
      return { got: d.got, sub: { endpoint: `${base}/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: d.auth.toString('base64url') }, lang: 'ko' } };
    },
  };
}

/** A live socket as the app opens it, subscribed (confirmed by receipt) to its events. */
async function liveSocket(url: string, token: string) {
  const events: LiveEvent[] = [];
  const client = new Client({ webSocketFactory: () => new WebSocket(url), connectHeaders: { token }, reconnectDelay: 0 });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      client.watchForReceipt('sub-1', () => resolve());
      client.subscribe('/user/queue/events', (m: IMessage) => events.push(JSON.parse(m.body) as LiveEvent), { receipt: 'sub-1' });
    };
    client.onStompError = (f) => reject(new Error(f.headers.message));
    client.onWebSocketError = () => reject(new Error('socket error'));
    client.activate();
  });
  return { client, events };
}

describe(`site isolation (${testDb})`, () => {
  let s: TestServer;
  let b: Awaited<ReturnType<typeof openedSite>>;
  let tokensA: Record<string, string>;
  let bOperator: string;
  // every account holding anything (B's house and hold accounts are made, empty, on its first money call)
  const balances = async () =>
    (await s.app.db.selectFrom('member').select(['site_id', 'mem_id', 'cash_amt', 'point_amt']).orderBy('id').execute())
      .filter((m) => Number(m.cash_amt) !== 0 || Number(m.point_amt) !== 0)
      .map((m) => `${m.site_id}/${m.mem_id}:${m.cash_amt}/${m.point_amt}`);
  let before: string[];
  const push = pushService();

  beforeAll(async () => {
    s = await startTestServer({ testPushOrigin: await push.listen() });
    const owner = await platformOwner(s);
    b = await openedSite(s, owner, 'bsite');
    expect(b.loginCode).toBe('0');
    bOperator = b.login!.token;
    tokensA = { player: await s.login('user1'), partner: await s.login('ptn1'), operator: await s.login('admin') };
    // the seed's pending commissions land on the accrual timer's ticks: settle them before counting
    await s.app.accrual.flush();
    before = await balances();
  }, 600_000);
  afterAll(async () => {
    await s?.close();
    push.server.close();
  });

  it("refuses every site A session on site B, A's key for B's id and B's key for A's id", async () => {
    const leaks: string[] = [];
    for (const c of withSession) {
      for (const [role, token] of Object.entries(tokensA)) {
        const r = await b.post(c.path, {}, token);
        if (r.resultCode === '0' || r.resultCode.startsWith('S5')) leaks.push(`${c.path} A ${role} on B: ${r.resultCode}`);
      }
      const aKeyOnB = await postJson(s, c.path, { siteId: b.siteId }, { token: bOperator, siteKey: s.apiKey });
      if (aKeyOnB.resultCode !== 'S401') leaks.push(`${c.path} A's key for B: ${aKeyOnB.resultCode}`);
      const bKeyOnA = await postJson(s, c.path, { siteId: s.siteId }, { token: bOperator, siteKey: b.apiKey });
      if (bKeyOnA.resultCode !== 'S401') leaks.push(`${c.path} B's key for A: ${bKeyOnA.resultCode}`);
      const bOnA = await s.post(c.path, {}, bOperator);
      if (bOnA.resultCode === '0' || bOnA.resultCode.startsWith('S5')) leaks.push(`${c.path} B's operator on A: ${bOnA.resultCode}`);
    }
    expect(leaks).toEqual([]);
    expect(withSession.length).toBeGreaterThan(100);
  }, 600_000);

  it("answers site B's guest calls as a guest's when they carry a site A session", async () => {
    const leaks: string[] = [];
    for (const c of siteCalls.filter((x) => x.access === 'site')) {
      const r = await b.post(c.path, {}, tokensA.player);
      if (JSON.stringify(r.data ?? null).includes('user1')) leaks.push(`${c.path}: ${JSON.stringify(r.data).slice(0, 120)}`);
    }
    expect(leaks).toEqual([]);
  }, 300_000);

  it("gives B's operator nothing of A by A's ids: members, requests, grants", async () => {
    const deposit = await s.loose(tokensA.player)(cashCalls.deposit, { cashAmt: 10_000, requestId: rid() });
    expect(deposit.resultCode).toBe('0');
    const cashIdx = deposit.data.cashIdx;
    const tries: [Call, Record<string, unknown>][] = [
      [adminCalls.cashProcess, { cashIdx, cashStatus: 2, requestId: rid() }],
      [adminCalls.grant, { memId: 'user1', cashAmt: 5_000, mode: 2, requestId: rid() }],
      [adminCalls.grant, { memId: 'user1', cashAmt: 5_000, mode: -2, requestId: rid() }],
      [adminSecurityCalls.memberState, { memId: 'user1' }],
      [adminSecurityCalls.memberUnlock, { memId: 'user1' }],
    ];
    for (const [c, body] of tries) {
      const r = await b.loose(bOperator)(c, body);
      expect(r.resultCode, c.path).not.toBe('0');
      expect(JSON.stringify(r.data ?? null), c.path).not.toContain('user1');
    }
    const list = await b.loose(bOperator)(adminCalls.cashList, { page: 1 });
    expect(list.resultCode).toBe('0');
    expect(JSON.stringify(list.data)).not.toContain('user1');
    // A's request still waits, untouched
    const row = await s.app.db.selectFrom('cash_request').select(['status', 'site_id']).where('id', '=', cashIdx).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 0, site_id: s.siteId });
    await s.loose(tokensA.player)(cashCalls.cancel, { cashIdx, requestId: rid() });
  });

  it('keeps captchas per site: one issued on A does not open a login on B', async () => {
    const captcha = await s.loose()(memberCalls.captcha, {});
    const r = await b.loose()(memberCalls.login, {
      memId: b.operator.memId,
      memPass: b.operator.password,
      loginPage: 'admin',
      captchaId: captcha.data!.captchaId,
      captcha: '1234',
    });
    expect(['L002', 'L005']).toContain(r.resultCode);
  });

  it('moved no money and kept both audit chains whole and apart', async () => {
    await s.app.accrual.flush();
    expect(await balances()).toEqual(before);
    for (const site of [s.siteId, b.siteId]) {
      expect((await checkLedger(s.app.db, site)).ok, site).toBe(true);
      expect((await verifyAuditChain(s.app.db, site)).ok, site).toBe(true);
    }
    const bRows = await s.app.db.selectFrom('audit_log').select(['site_id', 'actor']).where('actor', '=', b.operator.memId).execute();
    expect(bRows.length).toBeGreaterThan(0);
    expect(new Set(bRows.map((r) => r.site_id))).toEqual(new Set([b.siteId]));
  });

  describe("live events, pushes and login locks of a member of B with A's member's id", () => {
    let bUser: string;
    const pass = 'demo1234!';
    /** A sign-in on site B as the app makes it: captcha and proof of work. */
    const loginOnB = async (memId: string, memPass: string) => {
      const captcha = await b.loose()(memberCalls.captcha, {});
      const pow = await solve((await b.loose()(memberCalls.challenge, {})).data.challenge);
      return b.loose()(memberCalls.login, { memId, memPass, captchaId: captcha.data!.captchaId, captcha: '1234', pow });
    };

    beforeAll(async () => {
      await createMember(s.app.db, { siteId: b.siteId, memId: 'user1', password: pass, memNick: 'b-user1', partnerLevel: 'NORMAL', loginType: 'NORMAL' });
      const login = await loginOnB('user1', pass);
      expect(login.resultCode).toBe('0');
      bUser = login.data!.token;
    });

    it("never delivers one site's events to the other's sockets, and lets no socket name another destination", async () => {
      const wsUrl = s.url.replace(/^http/, 'ws') + '/ws';
      const a = await liveSocket(wsUrl, tokensA.player);
      const bs = await liveSocket(wsUrl, bUser);
      const bOp = await liveSocket(wsUrl, bOperator);
      try {
        // a message and a balance change on A for user1
        expect((await s.loose(tokensA.operator)(adminMessageCalls.send, { target: 'member', memId: 'user1', msgTitle: 'A only', msgDesc: 'A only' })).resultCode).toBe('0');
        const grant = { memId: 'user1', cashAmt: 1_000, requestId: rid() };
        expect((await s.loose(tokensA.operator)(adminCalls.grant, { ...grant, mode: 2 })).resultCode).toBe('0');
        expect((await s.loose(tokensA.operator)(adminCalls.grant, { ...grant, mode: -2, requestId: rid() })).resultCode).toBe('0');
        // and B's operator writes to all of B
        expect((await b.loose(bOperator)(adminMessageCalls.send, { target: 'all', msgTitle: 'B only', msgDesc: 'B only' })).resultCode).toBe('0');
        for (let i = 0; i < 100 && !(a.events.some((e) => e.type === 'CASH') && bs.events.some((e) => e.type === 'MSG')); i++) await sleep(30);
        await sleep(300);
        expect(a.events.map((e) => e.type)).toEqual(expect.arrayContaining(['MSG', 'CASH']));
        expect(bs.events.map((e) => e.type)).toEqual(['MSG']);
        expect(bOp.events.filter((e) => e.type === 'CASH')).toEqual([]);
        expect(a.events.filter((e) => e.type === 'MSG')).toHaveLength(1);
        // only the own events queue may be subscribed: nothing names a site or a member
        const errors: string[] = [];
        bs.client.onStompError = (f) => errors.push(f.headers.message);
        bs.client.subscribe(`/user/${s.siteId}/user1/queue/events`, () => errors.push('delivered'));
        for (let i = 0; i < 100 && !errors.length; i++) await sleep(30);
        expect(errors[0]).toMatch(/Unknown destination/);
      } finally {
        for (const c of [a, bs, bOp]) await c.client.deactivate({ force: true });
      }
    });

    it("sends A's pushes to A's devices only, and B's to B's", async () => {
      const aPhone = push.device('a-user1');
      const bPhone = push.device('b-user1');
      expect((await s.loose(tokensA.player)(pushCalls.subscribe, { ...aPhone.sub, curPass: pass })).resultCode).toBe('0');
      expect((await b.loose(bUser)(pushCalls.subscribe, { ...bPhone.sub, curPass: pass })).resultCode).toBe('0');
      // B cannot take A's subscription off by its endpoint
      expect((await b.loose(bUser)(pushCalls.unsubscribe, { endpoint: aPhone.sub.endpoint })).resultCode).toBe('0');
      expect((await s.loose(tokensA.operator)(adminMessageCalls.send, { target: 'member', memId: 'user1', msgTitle: 'A push', msgDesc: 'A push' })).resultCode).toBe('0');
      for (let i = 0; i < 100 && !aPhone.got.length; i++) await sleep(30);
      await sleep(300);
      expect(aPhone.got).toHaveLength(1);
      expect(String(aPhone.got[0].url)).toMatch(/^\/demo\//);
      // each push wears its own site's icon: A's brand, B (no brand yet) the app's own
      expect(String(aPhone.got[0].icon)).toMatch(/^\/demo\/icons\/icon-192\.[\w-]+\.png$/);
      expect(bPhone.got).toEqual([]);
      expect((await b.loose(bOperator)(adminMessageCalls.send, { target: 'member', memId: 'user1', msgTitle: 'B push', msgDesc: 'B push' })).resultCode).toBe('0');
      for (let i = 0; i < 100 && !bPhone.got.length; i++) await sleep(30);
      await sleep(300);
      expect(bPhone.got).toHaveLength(1);
      expect(String(bPhone.got[0].url)).toMatch(/^\/bsite\//);
      expect(bPhone.got[0].icon).toBe('/icons/icon-192.png');
      expect(aPhone.got).toHaveLength(1);
    });

    it("locks B's user1 after wrong passwords on B, and leaves A's user1 open", async () => {
      // nine wrong passwords, each with a solved challenge (which a lock does not stop): each one answered as wrong
      for (let i = 0; i < 9; i++) expect((await loginOnB('user1', 'wrong-password')).resultCode).toBe('L001');
      // locked: an untrusted try that solved no challenge is asked for one
      const captcha = await b.loose()(memberCalls.captcha, {});
      expect((await b.loose()(memberCalls.login, { memId: 'user1', memPass: pass, captchaId: captcha.data!.captchaId, captcha: '1234' })).resultCode).toBe('L005');
      const rows = await s.app.db.selectFrom('member').select(['site_id', 'failed_logins', 'locked_until']).where('mem_id', '=', 'user1').execute();
      const onA = rows.find((r) => r.site_id === s.siteId)!;
      expect(onA).toMatchObject({ failed_logins: 0, locked_until: null });
      expect(rows.find((r) => r.site_id === b.siteId)!.locked_until).not.toBeNull();
      // A's user1 session still answers
      expect((await s.loose(tokensA.player)(memberCalls.info, {})).resultCode).toBe('0');
    });
  });
});
