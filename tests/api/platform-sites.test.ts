import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/contract/define.js';
import { platformCalls } from '../../src/contract/platform.js';
import { platformSiteCalls as ps, type OpenSiteForm } from '../../src/contract/platformSites.js';
import { platformOwner, siteForm as form } from './platformKit.js';
import { prefixError } from '../../src/contract/platformSiteRules.js';
import { reservedPrefixes } from '../../src/contract/reservedPrefixes.js';
import { hashToken } from '../../src/server/domain/auth/tokens.js';
import { verifyAuditChain } from '../../src/server/domain/site/auditChain.js';
import { solve, startTestServer, testDb, type TestServer } from './harness.js';
import { commonCalls } from '../../src/contract/common.js';
import { memberCalls } from '../../src/contract/member.js';

async function pngOf(side = 64) {
  const c = createCanvas(side, side);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#e0452b';
  ctx.fillRect(0, 0, side, side);
  return c.encode('png');
}

describe(`opening a site from the platform console (${testDb})`, () => {
  let s: TestServer;
  let owner: string;
  const post = async <T = unknown>(path: string, body: unknown, token?: string, siteKey?: string) => {
    const r = await fetch(s.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}), ...(siteKey ? { authorization: siteKey } : {}) },
      body: JSON.stringify(body),
    });
    return (await r.json()) as Envelope<T>;
  };
  const siteCount = async () =>
    Number(
      (
        await s.app.db
          .selectFrom('site')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    s = await startTestServer();
    owner = await platformOwner(s);
  }, 600_000);
  afterAll(() => s?.close());

  it('checks the prefix by one rule, on the client and the server', async () => {
    expect(prefixError('lucky7')).toBeNull();
    for (const v of ['a', 'a'.repeat(21), 'Lucky', 'lu-cky', 'lu cky', '럭키']) expect(prefixError(v), v).toBe('PF020');
    for (const v of reservedPrefixes) expect(prefixError(v), v).toBe('PF021');
    const before = await siteCount();
    for (const [prefix, want] of [
      ['x', 'PF020'],
      ['api', 'PF021'],
      ['platform', 'PF021'],
      ['media', 'PF021'],
      ['demo', 'PF022'],
    ] as const)
      expect((await post(ps.openSite.path, form({ prefix }), owner)).resultCode, prefix).toBe(want);
    expect(await siteCount()).toBe(before);
  });

  it('refuses a bad field beside it, and changes nothing', async () => {
    const before = await siteCount();
    const cases: [Partial<OpenSiteForm>, string][] = [
      [{ name: '  ' }, 'BR004'],
      [{ languages: [] }, 'PF024'],
      [{ languages: ['en'], defaultLanguage: 'ko' }, 'PF024'],
      [{ cashDecimal: 3 }, 'PF025'],
      [{ depositMin: 6_000_000 }, 'PF026'],
      [{ quickAmounts: [10_000_000] }, 'PF026'],
      [{ depositAccounts: [{ bank: 'KB', accountNo: 'abc', holder: 'x' }] }, 'PF027'],
      [{ sns: [{ name: 'Telegram', id: '', link: 'javascript:alert(1)' }] }, 'PF028'],
      [{ checkStart: '2030-01-02 00:00:00', checkEnd: '2030-01-01 00:00:00' }, 'PF029'],
      [{ checkStart: '2030-01-02 00:00:00' }, 'PF029'],
      [{ vendors: ['nobody'] }, 'PF030'],
    ];
    for (const [over, want] of cases) expect((await post(ps.openSite.path, form(over), owner)).resultCode, JSON.stringify(over)).toBe(want);
    expect(await siteCount()).toBe(before);
  });

  it('opens a site only for a platform session', async () => {
    expect((await post(ps.openSite.path, form())).resultCode).toBe('TK001');
    const operator = await s.login('admin');
    expect((await post(ps.openSite.path, form(), operator)).resultCode).toBe('TK002');
    expect((await post(ps.catalog.path, {})).resultCode).toBe('TK001');
  });

  let invite: string;
  let siteKey: string;
  let siteId: string;

  it('opens a complete site in one go: its row, vendors and games, its chain start, an invitation, no member', async () => {
    const catalog = await post<{ vendors: { code: string }[] }>(ps.catalog.path, {}, owner);
    expect(catalog.data!.vendors.map((v) => v.code)).toContain('demo-live');
    // the unknown prefix is remembered as unknown before it opens
    expect((await post(commonCalls.site.path, { prefix: 'lucky' })).resultCode).toBe('S404');
    const opened = await post<{ siteId: string; prefix: string; invite: { token: string; expiresAt: string } }>(ps.openSite.path, form(), owner);
    expect(opened.resultCode).toBe('0');
    siteId = opened.data!.siteId;
    invite = opened.data!.invite.token;
    const hours = (new Date(opened.data!.invite.expiresAt.replace(' ', 'T') + '+09:00').getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    // the player's app finds it at once
    const info = await post<{ siteId: string; apiKey: string; languages: string[]; vendor: string; cashDecimal: number }>(commonCalls.site.path, { prefix: 'lucky' });
    expect(info.resultCode).toBe('0');
    expect(info.data).toMatchObject({ siteId, languages: ['ko', 'en'], vendor: 'union', cashDecimal: 1 });
    siteKey = info.data!.apiKey;
    const option = await post<Record<string, unknown>>(commonCalls.siteOption.path, { siteId }, undefined, siteKey);
    expect(option.data).toMatchObject({ sns1: 'Telegram', sns1Id: '@lucky', sns1Link: 'https://t.me/lucky', depositMin: 10_000, depositMax: 5_000_000, withdrawMin: 20_000 });
    const db = s.app.db;
    expect((await db.selectFrom('vendor').select('code').where('site_id', '=', siteId).orderBy('code').execute()).map((v) => v.code)).toEqual(['demo-live', 'demo-slot']);
    expect((await db.selectFrom('game').select('id').where('site_id', '=', siteId).execute()).length).toBeGreaterThan(0);
    expect(await db.selectFrom('member').select('id').where('site_id', '=', siteId).execute()).toEqual([]);
    expect(await db.selectFrom('audit_chain_head').select('last_seq').where('site_id', '=', siteId).executeTakeFirst()).toEqual({ last_seq: expect.anything() });
    expect((await verifyAuditChain(db, siteId)).ok).toBe(true);
    // only the token's hash is kept
    const rows = await db.selectFrom('site_invite').select('token_hash').where('site_id', '=', siteId).execute();
    expect(rows).toEqual([{ token_hash: hashToken(invite) }]);
    // a second open of the same prefix is refused beside the field
    expect((await post(ps.openSite.path, form(), owner)).resultCode).toBe('PF022');
    const list = await post<{ list: { prefix: string; members: number }[] }>(platformCalls.sites.path, {}, owner);
    expect(list.data!.list).toContainEqual(expect.objectContaining({ prefix: 'lucky', members: 0 }));
  });

  it('brands the site: a logo is validated and re-encoded, the manifest follows at once, a bad one changes nothing', async () => {
    const png = (await pngOf()).toString('base64');
    const brand = { prefix: 'lucky', name: 'Lucky Casino', shortName: 'Lucky', themeColor: '#1a7f37' };
    const manifest = async () => JSON.parse((await s.http.inject({ method: 'GET', url: '/lucky/manifest.webmanifest' })).body);
    expect((await manifest()).theme_color).not.toBe('#1a7f37');
    expect((await post(ps.brand.path, { ...brand, logo: png })).resultCode).toBe('TK001');
    expect((await post(ps.brand.path, { ...brand, logo: png }, owner)).resultCode).toBe('0');
    expect(await manifest()).toMatchObject({ name: 'Lucky Casino', short_name: 'Lucky', theme_color: '#1a7f37', scope: '/lucky/', start_url: '/lucky/' });
    const version = (await s.app.db.selectFrom('site_brand').select('version').where('site_id', '=', siteId).executeTakeFirstOrThrow()).version;
    expect((await post(ps.brand.path, { ...brand, logo: Buffer.from('not an image').toString('base64') }, owner)).resultCode).toBe('BR001');
    expect(
      (await post(ps.brand.path, { ...brand, logo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>').toString('base64') }, owner)).resultCode,
    ).toBe('BR003');
    // over 1 MB: refused by the rule, the route itself takes the body (its own limit, above the server's 256 KB)
    const big = Buffer.concat([await pngOf(), Buffer.alloc(1024 * 1024)]).toString('base64');
    expect((await post(ps.brand.path, { ...brand, logo: big }, owner)).resultCode).toBe('BR002');
    expect((await post(ps.brand.path, { ...brand, themeColor: 'red' }, owner)).resultCode).toBe('BR005');
    expect((await s.app.db.selectFrom('site_brand').select('version').where('site_id', '=', siteId).executeTakeFirstOrThrow()).version).toBe(version);
    // past the route's own limit the body is refused whole
    const huge = await fetch(s.url + ps.brand.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': owner },
      body: JSON.stringify({ ...brand, logo: 'A'.repeat(1_700_000) }),
    });
    expect(huge.status).toBe(413);
    // every other call keeps the server's limit
    const other = await fetch(s.url + ps.openSite.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': owner },
      body: JSON.stringify({ ...form(), name: 'x'.repeat(300_000) }),
    });
    expect(other.status).toBe(413);
  });

  it('lets the invited operator choose an id and password once; the link then says it is used', async () => {
    expect((await post(ps.inviteCheck.path, { prefix: 'lucky', token: invite })).data).toEqual({ siteName: 'Lucky Casino' });
    // another site's prefix does not take it
    expect((await post(ps.inviteCheck.path, { prefix: 'demo', token: invite })).resultCode).toBe('PF023');
    const accept = { prefix: 'lucky', token: invite, memId: 'boss1', password: 'lucky-operator-1', passwordCheck: 'lucky-operator-1' };
    expect((await post(ps.inviteAccept.path, { ...accept, memId: 'b!' })).resultCode).toBe('U101');
    // the platform's password rule, not the players': the operator moves every player's money
    expect((await post(ps.inviteAccept.path, { ...accept, password: 'lucky123!', passwordCheck: 'lucky123!' })).resultCode).toBe('PF004');
    expect((await post(ps.inviteAccept.path, { ...accept, passwordCheck: 'other123!' })).resultCode).toBe('U113');
    expect(await s.app.db.selectFrom('member').select('id').where('site_id', '=', siteId).execute()).toEqual([]);
    expect((await post(ps.inviteAccept.path, accept)).resultCode).toBe('0');
    expect((await post(ps.inviteAccept.path, { ...accept, memId: 'boss2' })).resultCode).toBe('PF023');
    expect((await post(ps.inviteCheck.path, { prefix: 'lucky', token: invite })).resultCode).toBe('PF023');
    const ops = await s.app.db.selectFrom('member').select(['mem_id', 'login_type']).where('site_id', '=', siteId).execute();
    expect(ops).toEqual([{ mem_id: 'boss1', login_type: 'ADMIN' }]);
    // the operator signs in on the operator screen of lucky, and only there
    const captcha = await post<{ captchaId: string }>(memberCalls.captcha.path, { siteId }, undefined, siteKey);
    const challenge = await post<{ challenge: Parameters<typeof solve>[0] }>(memberCalls.challenge.path, { siteId }, undefined, siteKey);
    const pow = await solve(challenge.data!.challenge);
    const login = await post<{ token: string }>(
      memberCalls.login.path,
      { siteId, memId: 'boss1', memPass: 'lucky-operator-1', captchaId: captcha.data!.captchaId, captcha: '1234', loginPage: 'admin', pow },
      undefined,
      siteKey,
    );
    expect(login.resultCode).toBe('0');
  });

  it('answers a fresh invitation that replaces the unused one, and an expired one says so', async () => {
    const first = await post<{ invite: { token: string } }>(ps.invite.path, { prefix: 'lucky' }, owner);
    const second = await post<{ invite: { token: string } }>(ps.invite.path, { prefix: 'lucky' }, owner);
    expect((await post(ps.inviteCheck.path, { prefix: 'lucky', token: first.data!.invite.token })).resultCode).toBe('PF023');
    expect((await post(ps.inviteCheck.path, { prefix: 'lucky', token: second.data!.invite.token })).resultCode).toBe('0');
    await s.app.db
      .updateTable('site_invite')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(second.data!.invite.token))
      .execute();
    expect(
      (await post(ps.inviteAccept.path, { prefix: 'lucky', token: second.data!.invite.token, memId: 'boss2', password: 'lucky-operator-1', passwordCheck: 'lucky-operator-1' }))
        .resultCode,
    ).toBe('PF023');
    expect((await post(ps.invite.path, { prefix: 'nowhere' }, owner)).resultCode).toBe('S404');
    expect((await post(ps.invite.path, { prefix: 'lucky' })).resultCode).toBe('TK001');
  });
});
