import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveEvent } from '../../src/contract/enums.js';
import type { Audience } from '../../src/server/live/publisher.js';
import { solve, startTestServer, testDb, type TestServer } from './harness.js';
import type { Call } from '../../src/contract/define.js';
import { adminSecurityCalls } from '../../src/contract/admin.js';
import { memberCalls } from '../../src/contract/member.js';

const PASS = 'demo1234!';
const OPERATOR_IP = '10.9.0.1';

describe(`operator address blocks (${testDb})`, { timeout: 300_000 }, () => {
  let s: TestServer;
  const pushed: Array<{ to: Audience; event: LiveEvent }> = [];
  beforeAll(async () => {
    s = await startTestServer();
    s.app.live.onEvent((to, event) => pushed.push({ to, event }));
  }, 600_000);
  afterAll(() => s?.close());

  /** A call from a given address (no proxy is trusted, so the socket's address is the caller's). */
  async function call(c: Call, body: Record<string, unknown>, o: { token?: string; ip: string }) {
    return s.through(c.path, { siteId: s.siteId, ...body }, async (payload) =>
      (
        await s.http.inject({
          method: 'POST',
          url: c.path,
          payload: payload as Record<string, unknown>,
          remoteAddress: o.ip,
          headers: { authorization: s.apiKey, ...(o.token ? { 'x-auth-token': o.token } : {}) },
        })
      ).json(),
    ) as Promise<{ resultCode: string; data: any }>;
  }
  async function login(memId: string, ip: string, loginPage?: 'admin') {
    const captcha = await call(memberCalls.captcha, {}, { ip });
    // the operator screen asks a solved challenge as well as the picture
    const pow = loginPage === 'admin' ? await solve((await call(memberCalls.challenge, {}, { ip })).data.challenge) : undefined;
    const r = await call(memberCalls.login, { memId, memPass: PASS, loginPage, captchaId: captcha.data.captchaId, captcha: '1234', pow }, { ip });
    return r;
  }
  const token = async (memId: string, ip: string, loginPage?: 'admin') => {
    const r = await login(memId, ip, loginPage);
    if (r.resultCode !== '0') throw new Error(`login ${memId}: ${r.resultCode}`);
    return r.data.token as string;
  };
  const block = async (admin: string, ip: string, blockYn: 'Y' | 'N' = 'Y') => call(adminSecurityCalls.ipBlock, { ip, blockYn }, { token: admin, ip: OPERATOR_IP });

  it("refuses ranges wider than a /16 or a /48 (IP001) and any holding the operator's own address (IP002)", async () => {
    const admin = await token('admin', OPERATOR_IP, 'admin');
    for (const wide of ['0.0.0.0/0', '::/0', '10.0.0.0/15', '2001:db8::/47', '::ffff:0:0/96', '::ffff:10.0.0.0/110', '::/80']) {
      expect((await block(admin, wide)).resultCode, wide).toBe('IP001');
    }
    for (const mine of ['10.9.0.0/16', '10.9.0.1', '::ffff:10.9.0.1', '::ffff:10.9.0.0/112']) {
      expect((await block(admin, mine)).resultCode, mine).toBe('IP002');
    }
    expect((await block(admin, 'not-an-ip')).resultCode).toBe('V001');
    expect((await block(admin, '10.0.0.0/33')).resultCode).toBe('V001');
    expect((await block(admin, '2001:db8::/48')).data).toEqual({ ip: '2001:db8::/48', blockYn: 'Y' });
    expect((await block(admin, '::ffff:10.50.0.0/112')).resultCode).toBe('0');
    const list = await call(adminSecurityCalls.ipBlockList, {}, { token: admin, ip: OPERATOR_IP });
    expect(list.data.list.map((r: { ip: string }) => r.ip).sort()).toEqual(['2001:db8::/48', '::ffff:10.50.0.0/112']);
    expect(list.data.list[0]).toMatchObject({ regId: 'admin' });
    // the operator still works: nothing it added shut it out
    expect((await call(adminSecurityCalls.ipBlockList, {}, { token: admin, ip: OPERATOR_IP })).resultCode).toBe('0');
    for (const r of ['2001:db8::/48', '::ffff:10.50.0.0/112']) expect((await block(admin, r, 'N')).resultCode).toBe('0');
  });

  it('ends at once the open sessions signed in from a new block, with a live LOGOUT, and refuses logins from it', async () => {
    const admin = await token('admin', OPERATOR_IP, 'admin');
    const inside = await token('user12', '10.20.1.5');
    const outside = await token('user13', '10.30.0.1');
    expect((await call(memberCalls.info, {}, { token: inside, ip: '10.20.1.5' })).resultCode).toBe('0');
    const sessionOf = async (memId: string) =>
      await s.app.db
        .selectFrom('session as x')
        .innerJoin('member as m', 'm.id', 'x.member_id')
        .select(['x.id', 'x.ended_at'])
        .where('m.site_id', '=', s.siteId)
        .where('m.mem_id', '=', memId)
        .orderBy('x.id', 'desc')
        .executeTakeFirstOrThrow();
    const insideSession = (await sessionOf('user12')).id;
    pushed.length = 0;

    expect((await block(admin, '10.20.0.0/16')).resultCode).toBe('0');
    expect((await sessionOf('user12')).ended_at).not.toBeNull();
    expect(pushed).toContainEqual({ to: { siteId: s.siteId, memId: 'user12', sessionId: insideSession }, event: { type: 'LOGOUT', data1: 'forced', data2: null } });
    expect(['TK001', 'U004']).toContain((await call(memberCalls.info, {}, { token: inside, ip: '10.31.0.1' })).resultCode);
    expect((await call(memberCalls.info, {}, { token: outside, ip: '10.30.0.1' })).resultCode).toBe('0');
    expect((await login('user12', '10.20.200.1')).resultCode).toBe('U004');
    expect((await login('ghost', '10.20.200.1')).resultCode).toBe('U004');

    const audit = await call(adminSecurityCalls.auditList, { page: 1, action: 'ipBlock' }, { token: admin, ip: OPERATOR_IP });
    expect(audit.data.list[0]).toMatchObject({ target: 'ip=10.20.0.0/16', before: { blocked: false }, after: { blocked: true, sessionsEnded: 1 } });

    expect((await block(admin, '10.20.0.0/16', 'N')).resultCode).toBe('0');
    expect((await login('user12', '10.20.200.1')).resultCode).toBe('0');
  });

  it('stops a session on its next call from a blocked address, and refuses its live CONNECT', async () => {
    const admin = await token('admin', OPERATOR_IP, 'admin');
    const roaming = await token('user14', '10.40.0.1');
    expect((await block(admin, '10.41.0.0/16')).resultCode).toBe('0');
    expect((await call(memberCalls.info, {}, { token: roaming, ip: '10.40.0.1' })).resultCode).toBe('0');
    expect((await call(memberCalls.info, {}, { token: roaming, ip: '10.41.7.7' })).resultCode).toBe('U004');
    // ended for good, from anywhere
    expect((await call(memberCalls.info, {}, { token: roaming, ip: '10.40.0.1' })).resultCode).toBe('TK001');

    const socketUser = await s.login('user15');
    expect((await block(admin, '127.0.0.77')).resultCode).toBe('0');
    const ws = new WebSocket(s.url.replace(/^http/, 'ws') + '/ws', { localAddress: '127.0.0.77' });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const first = new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))));
    ws.send(`CONNECT\naccept-version:1.2\nhost:pitboss\ntoken:${socketUser}\n\n\0`);
    const frame = await first;
    ws.terminate();
    expect(frame).toMatch(/^ERROR/);
    expect(frame).toContain('code:U004');
    for (const r of ['10.41.0.0/16', '127.0.0.77']) expect((await block(admin, r, 'N')).resultCode).toBe('0');
  });
});
