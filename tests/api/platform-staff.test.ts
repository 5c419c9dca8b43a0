/**
 * Platform staff: the owner invites by a one-time link, staff sign in with password and
 * two-factor, take site actions (each in the platform chain under their name), cannot invite or
 * remove staff; a removed member's session ends at once. A site operator's session opens no
 * platform call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCalls } from '../../src/contract/platform.js';
import { platformOpsCalls as ops } from '../../src/contract/platformOps.js';
import { platformSiteCalls } from '../../src/contract/platformSites.js';
import { platformStaffCalls as staff } from '../../src/contract/platformStaff.js';
import { verifyPlatformAudit } from '../../src/server/domain/platform/platformAudit.js';
import { allRoutes } from '../../src/server/http/routes.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { isPlatformPath, platformOwner, postJson, siteForm, totp } from './platformKit.js';

/** Calls opened by a link or a password, not a session. */
const linkCalls = new Set([
  platformCalls.setupStart.path,
  platformCalls.setup.path,
  platformCalls.login.path,
  platformSiteCalls.inviteCheck.path,
  platformSiteCalls.inviteAccept.path,
  staff.joinStart.path,
  staff.join.path,
]);
const sessionCalls = allRoutes.map((r) => r.call.path).filter((p) => isPlatformPath(p) && !linkCalls.has(p));

describe(`platform staff (${testDb})`, () => {
  let s: TestServer;
  let owner: string;
  const pass = 'a long staff password';

  /** A staff member through a fresh link; answers the session and the enrolment secret. */
  async function joined(loginId: string) {
    const inv = await postJson<{ invite: { token: string } }>(s, staff.invite.path, {}, { token: owner });
    expect(inv.resultCode).toBe('0');
    const token = inv.data!.invite.token;
    const enrol = await postJson<{ secret: string }>(s, staff.joinStart.path, { token });
    expect(enrol.resultCode).toBe('0');
    const secret = enrol.data!.secret;
    const join = await postJson<{ recoveryCodes: string[] }>(s, staff.join.path, { token, loginId, password: pass, passwordCheck: pass, otpCode: totp(secret) });
    expect(join.resultCode).toBe('0');
    expect(join.data!.recoveryCodes).toHaveLength(10);
    const login = await postJson<{ token: string; role: string }>(s, platformCalls.login.path, { loginId, password: pass, otpCode: totp(secret, Date.now() + 30_000) });
    expect(login).toMatchObject({ resultCode: '0', data: { role: 'staff' } });
    return { token: login.data!.token, secret, link: token };
  }

  beforeAll(async () => {
    s = await startTestServer();
    owner = await platformOwner(s);
  }, 120_000);
  afterAll(() => s?.close());

  it('invites staff by a one-time link: only its hash kept, spent once, two-factor from the first sign-in', async () => {
    const kim = await joined('staffkim');
    const hashes = await s.app.db.selectFrom('platform_staff_invite').select('token_hash').execute();
    expect(JSON.stringify(hashes)).not.toContain(kim.link);
    // the link again: spent
    expect((await postJson(s, staff.joinStart.path, { token: kim.link })).resultCode).toBe('PF006');
    const again = await postJson(s, staff.join.path, { token: kim.link, loginId: 'staffkim2', password: pass, passwordCheck: pass, otpCode: totp(kim.secret) });
    expect(again.resultCode).toBe('PF006');
    // a password alone does not sign in
    expect((await postJson(s, platformCalls.login.path, { loginId: 'staffkim', password: pass, otpCode: '000000' })).resultCode).toBe('L007');
    const list = await postJson<{ me: { role: string }; list: { loginId: string; role: string }[] }>(s, staff.list.path, {}, { token: kim.token });
    expect(list.data!.me.role).toBe('staff');
    expect(list.data!.list.map((a) => `${a.loginId}:${a.role}`)).toEqual(['owner:owner', 'staffkim:staff']);
  });

  it('refuses an expired link and a taken id, changing nothing', async () => {
    const inv = await postJson<{ invite: { token: string } }>(s, staff.invite.path, {}, { token: owner });
    const token = inv.data!.invite.token;
    const secret = (await postJson<{ secret: string }>(s, staff.joinStart.path, { token })).data!.secret;
    expect((await postJson(s, staff.join.path, { token, loginId: 'owner', password: pass, passwordCheck: pass, otpCode: totp(secret) })).resultCode).toBe('U109');
    const clock = s.app.clock as unknown as { offsetMs: number };
    clock.offsetMs += 73 * 3_600_000;
    try {
      expect((await postJson(s, staff.join.path, { token, loginId: 'latecomer', password: pass, passwordCheck: pass, otpCode: totp(secret) })).resultCode).toBe('PF006');
    } finally {
      clock.offsetMs -= 73 * 3_600_000;
    }
    expect(await s.app.db.selectFrom('platform_account').select('id').where('login_id', '=', 'latecomer').executeTakeFirst()).toBeUndefined();
  });

  it('lets staff take site actions under their own name, but not invite or remove staff', async () => {
    const lee = await joined('stafflee');
    expect((await postJson(s, platformCalls.sites.path, {}, { token: lee.token })).resultCode).toBe('0');
    expect((await postJson(s, ops.suspend.path, { prefix: 'demo' }, { token: lee.token })).resultCode).toBe('0');
    expect((await postJson(s, ops.resume.path, { prefix: 'demo' }, { token: lee.token })).resultCode).toBe('0');
    expect((await postJson(s, staff.invite.path, {}, { token: lee.token })).resultCode).toBe('PF005');
    expect((await postJson(s, staff.remove.path, { loginId: 'staffkim' }, { token: lee.token })).resultCode).toBe('PF005');
    expect((await postJson(s, staff.remove.path, { loginId: 'owner' }, { token: owner })).resultCode).toBe('PF007');
    const rows = await s.app.db.selectFrom('platform_audit').select(['actor', 'action']).where('actor', '=', 'stafflee').orderBy('seq').execute();
    expect(rows.map((r) => r.action)).toEqual(['staff.join', 'login', 'site.suspend', 'site.resume']);
    expect((await verifyPlatformAudit(s.app.db)).ok).toBe(true);
  });

  it("ends a removed staff member's session at once, and their sign-in", async () => {
    const park = await joined('staffpark');
    expect((await postJson(s, platformCalls.sites.path, {}, { token: park.token })).resultCode).toBe('0');
    expect((await postJson(s, staff.remove.path, { loginId: 'staffpark' }, { token: owner })).resultCode).toBe('0');
    expect((await postJson(s, platformCalls.sites.path, {}, { token: park.token })).resultCode).toBe('TK002');
    const login = await postJson(s, platformCalls.login.path, { loginId: 'staffpark', password: pass, otpCode: totp(park.secret, Date.now() + 60_000) });
    expect(login.resultCode).toBe('L001');
    const list = await postJson<{ list: { loginId: string }[] }>(s, staff.list.path, {}, { token: owner });
    expect(list.data!.list.map((a) => a.loginId)).not.toContain('staffpark');
    const audit = await s.app.db.selectFrom('platform_audit').select(['actor', 'detail']).where('action', '=', 'staff.remove').execute();
    expect(audit).toEqual([{ actor: 'owner', detail: { loginId: 'staffpark', invitesVoided: { operator: 0, staff: 0 } } }]);
  });

  it("refuses a site operator's and a player's session on every platform call", async () => {
    const operator = await s.login('admin');
    const player = await s.login('user1');
    // a body every call takes, so the session is what decides
    const body = {
      ...siteForm({ prefix: 'demo' }),
      shortName: 'Demo',
      themeColor: '#123456',
      loginId: 'owner',
      confirm: 'demo',
      hosts: [],
      kind: 'operator',
      id: '1',
      vendorCode: 'sandbox-x',
    };
    const open: string[] = [];
    for (const path of sessionCalls) {
      for (const token of [operator, player]) {
        const r = await postJson(s, path, body, { token, siteKey: s.apiKey });
        if (r.resultCode !== 'TK002') open.push(`${path}: ${r.resultCode}`);
      }
    }
    expect(open).toEqual([]);
    expect(sessionCalls.length).toBeGreaterThanOrEqual(12);
    expect((await postJson(s, ops.site.path, { prefix: 'demo' }, { token: owner })).data).toMatchObject({ status: 'open' });
  });
});
