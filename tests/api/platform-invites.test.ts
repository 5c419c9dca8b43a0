/**
 * Invitations die with their maker and can be revoked; the console lists every open one; a site's
 * old API key can be revoked at once; an invited operator's password follows the platform's rule
 * and the operator is offered two-factor after signing in until it says "later".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCalls } from '../../src/contract/platform.js';
import { platformInviteCalls as inv, type OpenInvitation } from '../../src/contract/platformInvites.js';
import { platformOpsCalls as ops } from '../../src/contract/platformOps.js';
import { platformSiteCalls as ps } from '../../src/contract/platformSites.js';
import { platformStaffCalls as staff } from '../../src/contract/platformStaff.js';
import { twoFactorCalls } from '../../src/contract/twoFactor.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import { openedSite, platformOwner, postJson, siteForm, totp } from './platformKit.js';

describe(`platform invitations (${testDb})`, () => {
  let s: TestServer;
  let owner: string;
  const pass = 'a long staff password';
  const post = <T = any>(path: string, body: unknown, token?: string) => postJson<T>(s, path, body, { token });

  async function joined(loginId: string) {
    const token = (await post<{ invite: { token: string } }>(staff.invite.path, {}, owner)).data!.invite.token;
    const secret = (await post<{ secret: string }>(staff.joinStart.path, { token })).data!.secret;
    expect((await post(staff.join.path, { token, loginId, password: pass, passwordCheck: pass, otpCode: totp(secret) })).resultCode).toBe('0');
    const login = await post<{ token: string }>(platformCalls.login.path, { loginId, password: pass, otpCode: totp(secret, Date.now() + 30_000) });
    expect(login.resultCode).toBe('0');
    return login.data!.token;
  }
  const operatorsOf = async (prefix: string) =>
    s.app.db.selectFrom('member').innerJoin('site', 'site.id', 'member.site_id').select('mem_id').where('site.prefix', '=', prefix).where('login_type', '=', 'ADMIN').execute();
  const list = async (token = owner) => (await post<{ list: OpenInvitation[] }>(inv.list.path, {}, token)).data!.list;

  beforeAll(async () => {
    s = await startTestServer();
    owner = await platformOwner(s);
  }, 120_000);
  afterAll(() => s?.close());

  it("voids a removed staff member's operator invitation: accepting it answers PF023 and makes nothing", async () => {
    const lee = await joined('stafflee');
    const opened = await post<{ invite: { token: string } }>(ps.openSite.path, siteForm({ prefix: 'stray', name: 'Stray' }), lee);
    expect(opened.resultCode).toBe('0');
    const fresh = await post<{ invite: { token: string }; operators: number }>(ps.invite.path, { prefix: 'stray' }, lee);
    expect(fresh.data).toMatchObject({ operators: 0 });
    const staffLink = (await post<{ invite: { token: string } }>(staff.invite.path, {}, owner)).data!.invite.token;
    expect((await list()).filter((i) => i.prefix === 'stray')).toEqual([expect.objectContaining({ kind: 'operator', by: 'stafflee', siteName: 'Stray' })]);
    expect((await post(staff.remove.path, { loginId: 'stafflee' }, owner)).resultCode).toBe('0');
    const token = fresh.data!.invite.token;
    expect((await post(ps.inviteCheck.path, { prefix: 'stray', token })).resultCode).toBe('PF023');
    const accept = await post(ps.inviteAccept.path, { prefix: 'stray', token, memId: 'strayop', password: 'lucky-operator-1', passwordCheck: 'lucky-operator-1' });
    expect(accept.resultCode).toBe('PF023');
    expect(await operatorsOf('stray')).toEqual([]);
    expect((await list()).filter((i) => i.prefix === 'stray')).toEqual([]);
    // the owner's own staff link lives on; the removal's audit row says what it voided
    expect((await post(staff.joinStart.path, { token: staffLink })).resultCode).toBe('0');
    const row = await s.app.db.selectFrom('platform_audit').select('detail').where('action', '=', 'staff.remove').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(row.detail).toMatchObject({ loginId: 'stafflee', invitesVoided: { operator: 1, staff: 0 } });
  });

  it('refuses a link whose maker was removed even if it was still open in the table', async () => {
    const park = await joined('staffpark');
    const r = await post<{ siteId: string; invite: { token: string } }>(ps.openSite.path, siteForm({ prefix: 'parks', name: 'Parks' }), park);
    expect((await post(staff.remove.path, { loginId: 'staffpark' }, owner)).resultCode).toBe('0');
    // as if the removal had not voided it
    await s.app.db
      .updateTable('site_invite')
      .set({ expires_at: new Date(Date.now() + 3_600_000) })
      .where('site_id', '=', r.data!.siteId)
      .execute();
    const accept = await post(ps.inviteAccept.path, {
      prefix: 'parks',
      token: r.data!.invite.token,
      memId: 'parksop',
      password: 'lucky-operator-1',
      passwordCheck: 'lucky-operator-1',
    });
    expect(accept.resultCode).toBe('PF023');
    expect(await operatorsOf('parks')).toEqual([]);
  });

  it('lists open invitations with their maker and revokes any, in the audit chain', async () => {
    const kim = await joined('staffkim');
    const opened = await post<{ invite: { token: string } }>(ps.openSite.path, siteForm({ prefix: 'kims', name: 'Kims' }), kim);
    const staffLink = (await post<{ invite: { token: string } }>(staff.invite.path, {}, owner)).data!.invite.token;
    const all = await list();
    const op = all.find((i) => i.prefix === 'kims')!;
    expect(op).toMatchObject({ kind: 'operator', by: 'staffkim', siteName: 'Kims' });
    expect(op.expiresAt > op.createdAt).toBe(true);
    const st = all.find((i) => i.kind === 'staff')!;
    expect(st).toMatchObject({ by: 'owner', prefix: null });
    // staff see operator links, not the owner's staff links, and cannot revoke those
    expect((await list(kim)).every((i) => i.kind === 'operator')).toBe(true);
    expect((await post(inv.revoke.path, { kind: 'staff', id: st.id }, kim)).resultCode).toBe('PF005');
    expect((await post(inv.revoke.path, { kind: 'operator', id: op.id })).resultCode).toBe('TK001');

    expect((await post(inv.revoke.path, { kind: 'operator', id: op.id }, kim)).resultCode).toBe('0');
    expect((await post(inv.revoke.path, { kind: 'operator', id: op.id }, kim)).resultCode).toBe('PF023');
    const accept = await post(ps.inviteAccept.path, {
      prefix: 'kims',
      token: opened.data!.invite.token,
      memId: 'kimsop',
      password: 'lucky-operator-1',
      passwordCheck: 'lucky-operator-1',
    });
    expect(accept.resultCode).toBe('PF023');
    expect(await operatorsOf('kims')).toEqual([]);
    for (const i of await list()) expect((await post(inv.revoke.path, { kind: i.kind, id: i.id }, owner)).resultCode).toBe('0');
    expect((await post(staff.joinStart.path, { token: staffLink })).resultCode).toBe('PF006');
    expect(await list()).toEqual([]);
    const actions = (await s.app.db.selectFrom('platform_audit').select(['action', 'actor']).orderBy('seq').execute()).filter((r) => r.action.endsWith('inviteRevoke'));
    expect(actions[0]).toEqual({ action: 'site.inviteRevoke', actor: 'staffkim' });
    expect(actions.map((a) => a.action)).toContain('staff.inviteRevoke');
  });

  it("takes the platform's password rule for an invited operator and says when the site already has one", async () => {
    const r = await post<{ invite: { token: string } }>(ps.openSite.path, siteForm({ prefix: 'strong', name: 'Strong' }), owner);
    const accept = { prefix: 'strong', token: r.data!.invite.token, memId: 'strongop' };
    for (const p of ['lucky123!', 'x'.repeat(65)]) expect((await post(ps.inviteAccept.path, { ...accept, password: p, passwordCheck: p })).resultCode).toBe('PF004');
    expect(await operatorsOf('strong')).toEqual([]);
    expect((await post(ps.inviteAccept.path, { ...accept, password: 'lucky-operator-1', passwordCheck: 'lucky-operator-1' })).resultCode).toBe('0');
    const again = await post<{ operators: number }>(ps.invite.path, { prefix: 'strong' }, owner);
    expect(again.data).toMatchObject({ operators: 1 });
    expect((await post(ops.site.path, { prefix: 'strong' }, owner)).data).toMatchObject({ operators: 1 });
  });

  it('revokes the old API key at once: refused right after, the new key works, audited', async () => {
    const site = await openedSite(s, owner, 'keys', { memId: 'keysop', password: 'lucky-operator-1' });
    const withKey = async (key: string) => {
      const r = await s.raw('/api/common/siteCheckInfo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: key },
        body: JSON.stringify({ siteId: site.siteId }),
      });
      return { status: r.status, ...((await r.json()) as { resultCode: string }) };
    };
    expect((await post(ops.revokeOldKey.path, { prefix: 'keys' }, owner)).resultCode).toBe('PO003');
    const rotated = await post<{ apiKey: string }>(ops.rotateKey.path, { prefix: 'keys' }, owner);
    expect((await withKey(site.apiKey)).resultCode).toBe('0');
    expect((await post(ops.revokeOldKey.path, { prefix: 'keys' })).resultCode).toBe('TK001');
    expect((await post(ops.revokeOldKey.path, { prefix: 'keys' }, owner)).resultCode).toBe('0');
    expect(await withKey(site.apiKey)).toMatchObject({ status: 401, resultCode: 'S401' });
    expect((await withKey(rotated.data!.apiKey)).resultCode).toBe('0');
    expect((await post(ops.site.path, { prefix: 'keys' }, owner)).data).toMatchObject({ oldKeyUntil: null });
    expect((await post(ops.revokeOldKey.path, { prefix: 'keys' }, owner)).resultCode).toBe('PO003');
    const row = await s.app.db.selectFrom('platform_audit').select(['action', 'detail']).orderBy('seq', 'desc').where('action', '=', 'site.revokeOldKey').executeTakeFirstOrThrow();
    expect(row.detail).toEqual({ prefix: 'keys' });
  });

  it('offers the operator two-factor after signing in until it is on or put off', async () => {
    const site = await openedSite(s, owner, 'offer', { memId: 'offerop', password: 'lucky-operator-1' });
    expect(site.loginCode).toBe('0');
    const token = site.login!.token;
    expect((await site.post(twoFactorCalls.offer.path, {}, token)).data).toEqual({ offer: true });
    expect((await site.post(twoFactorCalls.offerLater.path, {}, token)).resultCode).toBe('0');
    expect((await site.post(twoFactorCalls.offer.path, {}, token)).data).toEqual({ offer: false });
    const other = await openedSite(s, owner, 'offer2', { memId: 'offerop2', password: 'lucky-operator-1' });
    const t2 = other.login!.token;
    const enrol = await other.post<{ secret: string }>(twoFactorCalls.setup.path, { memPass: 'lucky-operator-1' }, t2);
    expect((await other.post(twoFactorCalls.enable.path, { otpCode: totp(enrol.data!.secret) }, t2)).resultCode).toBe('0');
    expect((await other.post(twoFactorCalls.offer.path, {}, t2)).data).toEqual({ offer: false });
  });
});
