import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCalls } from '../../src/contract/platform.js';
import { KEY_OVERLAP_HOURS, platformOpsCalls as ops } from '../../src/contract/platformOps.js';
import { issueSetupToken } from '../../src/server/domain/platform/setup.js';
import { verifyPlatformAudit } from '../../src/server/domain/platform/platformAudit.js';
import { callback, cashOf, tx, walletState } from './gamesKit.js';
import { startTestServer, testDb, type TestServer } from './harness.js';
import type { Call, ReqOf } from '../../src/contract/define.js';
import { commonCalls } from '../../src/contract/common.js';
import { memberCalls } from '../../src/contract/member.js';

const SLOT = 'demo-slot';
const bet = (memId: string, txId: string, amount = 1_000) => ({ memId, txId, roundId: `r-${txId}`, gameCode: 'lucky-sevens', amount });
const code = (secret: string, at: number) => generateSync({ secret, epoch: Math.floor(at / 1000) });

describe(`a site's life on the platform (${testDb})`, () => {
  let s: TestServer;
  let owner: string;
  const clock = () => s.app.clock as unknown as { offsetMs: number };
  /** A platform call: no site key, the platform session in X-Auth-Token. */
  const platform = <C extends Call>(c: C, body: ReqOf<C>, token: string | null = owner) => s.platform(token)(c, body);
  /** A site call with a given key. */
  const withKey = async (key: string, path = commonCalls.siteCheckInfo.path) => {
    const r = await s.raw(path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: key }, body: JSON.stringify({ siteId: s.siteId }) });
    return { status: r.status, ...((await r.json()) as { resultCode: string }) };
  };

  beforeAll(async () => {
    s = await startTestServer();
    // the owner, made through the setup link and signed in with two-factor as the console does
    const token = (await issueSetupToken(s.app))!;
    const enrol = await platform(platformCalls.setupStart, { token }, null);
    const pass = 'correct horse battery';
    const made = await platform(platformCalls.setup, { token, loginId: 'owner', password: pass, passwordCheck: pass, otpCode: code(enrol.data.secret, s.now()) }, null);
    expect(made.resultCode).toBe('0');
    const login = await platform(platformCalls.login, { loginId: 'owner', password: pass, otpCode: code(enrol.data.secret, s.now() + 30_000) }, null);
    expect(login.resultCode).toBe('0');
    owner = login.data.token;
  });
  afterAll(() => s?.close());

  it('lists each site with its figures, and answers one site read-only', async () => {
    const user = await s.login('user1');
    const list = await platform(platformCalls.sites, {});
    const demo = list.data.list.find((x) => x.prefix === 'demo')!;
    expect(demo).toMatchObject({ status: 'open' });
    expect(demo.members).toBeGreaterThan(0);
    expect(demo.online).toBeGreaterThanOrEqual(1);
    for (const k of ['deposits', 'withdrawals', 'bets', 'ggr'] as const) expect(typeof demo[k]).toBe('number');
    const one = await platform(ops.site, { prefix: 'demo' });
    expect(one).toMatchObject({ resultCode: '0', data: { prefix: 'demo', status: 'open', members: demo.members, stateAt: null, oldKeyUntil: null } });
    expect((await platform(ops.site, { prefix: 'nosuch' })).resultCode).toBe('S404');
    expect((await platform(ops.site, { prefix: 'demo' }, null)).resultCode).toBe('TK001');
    expect((await platform(ops.suspend, { prefix: 'demo' }, user)).resultCode).toBe('TK002');
  });

  it('suspends a site: every call of it, sign-in and vendor callbacks refused, money unchanged; resume restores it', async () => {
    const user = await s.login('user1');
    const cash = await cashOf(s, 'user1');
    const before = await walletState(s);
    expect((await platform(ops.suspend, { prefix: 'demo' })).resultCode).toBe('0');
    expect((await s.loose()(commonCalls.site, { prefix: 'demo' })).resultCode).toBe('SS001');
    expect((await s.loose(user)(memberCalls.info, {})).resultCode).toBe('SS001');
    expect((await s.loose()(commonCalls.siteCheckInfo, {})).resultCode).toBe('SS001');
    await expect(s.login('user1')).rejects.toThrow(/SS001/);
    expect((await s.loose()(memberCalls.challenge, {})).resultCode).toBe('SS001');
    for (const action of ['balance', 'bet']) {
      const r = await callback(s, SLOT, action, action === 'bet' ? bet('user1', tx()) : { memId: 'user1' });
      expect(r).toMatchObject({ status: 503, resultCode: 'W009', data: null });
    }
    expect(await walletState(s)).toBe(before);
    expect((await platform(platformCalls.sites, {})).data.list.find((x) => x.prefix === 'demo')!.status).toBe('suspended');
    // suspending again changes nothing and writes no second row
    expect((await platform(ops.suspend, { prefix: 'demo' })).resultCode).toBe('0');

    expect((await platform(ops.resume, { prefix: 'demo' })).resultCode).toBe('0');
    expect((await s.loose(user)(memberCalls.info, {})).resultCode).toBe('0');
    expect(await cashOf(s, 'user1')).toEqual(cash);
    const r = await callback(s, SLOT, 'bet', bet('user1', tx()));
    expect(r.resultCode).toBe('0');
    expect((await cashOf(s, 'user1')).cash).toBe(cash.cash - 1_000);
  });

  it('rotates the API key: both keys work inside the overlap, only the new one after', async () => {
    const old = s.apiKey;
    expect((await withKey(old)).resultCode).toBe('0');
    const r = await platform(ops.rotateKey, { prefix: 'demo' });
    expect(r.resultCode).toBe('0');
    const fresh = r.data.apiKey;
    expect(fresh).not.toBe(old);
    expect(new Date(r.data.oldKeyUntil).getTime() - s.now()).toBeGreaterThan((KEY_OVERLAP_HOURS - 1) * 3_600_000);
    expect((await withKey(old)).resultCode).toBe('0');
    expect((await withKey(fresh)).resultCode).toBe('0');
    expect((await s.loose()(commonCalls.site, { prefix: 'demo' })).data).toMatchObject({ apiKey: fresh });
    expect((await platform(ops.site, { prefix: 'demo' })).data).toMatchObject({ oldKeyUntil: r.data.oldKeyUntil });
    const offset = clock().offsetMs;
    try {
      clock().offsetMs += KEY_OVERLAP_HOURS * 3_600_000 + 60_000;
      expect(await withKey(old)).toMatchObject({ status: 401, resultCode: 'S401' });
      expect((await withKey(fresh)).resultCode).toBe('0');
      expect((await withKey('made-up')).resultCode).toBe('S401');
    } finally {
      clock().offsetMs = offset;
    }
    // the harness keeps sending the key it started with: put it back as the current one
    await s.app.db.updateTable('site').set({ api_key: old, old_api_key: null, old_key_until: null }).where('id', '=', s.siteId).execute();
    s.app.sites.forget();
  });

  it('archives only with the prefix typed again: for ever, out of the default list, the prefix still taken', async () => {
    expect((await platform(ops.archive, { prefix: 'demo', confirm: 'dem' })).resultCode).toBe('PO001');
    expect((await s.loose()(commonCalls.site, { prefix: 'demo' })).resultCode).toBe('0');
    expect((await platform(ops.archive, { prefix: 'demo', confirm: 'demo' })).resultCode).toBe('0');
    expect((await s.loose()(commonCalls.site, { prefix: 'demo' })).resultCode).toBe('SS002');
    expect((await callback(s, SLOT, 'balance', { memId: 'user1' })).resultCode).toBe('W009');
    for (const c of [ops.resume, ops.suspend, ops.rotateKey]) expect((await platform(c, { prefix: 'demo' })).resultCode).toBe('PO002');
    expect((await platform(platformCalls.sites, {})).data.list.map((x) => x.prefix)).not.toContain('demo');
    expect((await platform(platformCalls.sites, { archived: true })).data.list.find((x) => x.prefix === 'demo')!.status).toBe('archived');
    await expect(s.app.db.insertInto('site').values({ id: 'demo2', prefix: 'demo', name: 'again', api_key: 'k' }).execute()).rejects.toThrow();
    expect(await s.app.db.selectFrom('member').select('id').where('site_id', '=', s.siteId).limit(1).execute()).toHaveLength(1);
  });

  it('keeps every platform action in one keyed chain, and a changed row shows', async () => {
    const rows = await s.app.db.selectFrom('platform_audit').select(['seq', 'actor', 'action', 'detail']).orderBy('seq').execute();
    expect(rows.map((r) => r.action)).toEqual(['setup', 'login', 'site.suspend', 'site.resume', 'site.rotateKey', 'site.archive']);
    expect(rows.every((r) => r.actor === 'owner')).toBe(true);
    expect(rows[2].detail).toMatchObject({ prefix: 'demo', from: 'open', to: 'suspended' });
    expect(JSON.stringify(rows)).not.toMatch(/apiKey"/);
    expect(await verifyPlatformAudit(s.app.db)).toEqual({ ok: true, rows: 6 });
    await s.app.db.updateTable('platform_audit').set({ actor: 'someone' }).where('seq', '=', 3).execute();
    expect(await verifyPlatformAudit(s.app.db)).toMatchObject({ ok: false, seq: 3, reason: 'content' });
    await s.app.db.updateTable('platform_audit').set({ actor: 'owner' }).where('seq', '=', 3).execute();
    await s.app.db.deleteFrom('platform_audit').where('seq', '=', 6).execute();
    expect(await verifyPlatformAudit(s.app.db)).toMatchObject({ ok: false, reason: 'tail' });
  });
});
