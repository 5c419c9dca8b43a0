import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCalls } from '../../src/contract/admin.js';
import { commonCalls } from '../../src/contract/common.js';
import { platformOpsCalls } from '../../src/contract/platformOps.js';
import { platformSiteCalls as ps, type SiteSettingsForm } from '../../src/contract/platformSites.js';
import { openedSite, platformOwner, postJson } from './platformKit.js';
import { startTestServer, testDb, type TestServer } from './harness.js';

describe(`changing a site's settings after opening (${testDb})`, () => {
  let s: TestServer;
  let owner: string;
  let site: Awaited<ReturnType<typeof openedSite>>;
  const settings = (over: Partial<SiteSettingsForm> = {}): SiteSettingsForm => ({
    prefix: 'lucky',
    languages: ['ko', 'en'],
    defaultLanguage: 'en',
    depositAccounts: [{ bank: 'Shinhan', accountNo: '110-222-333444', holder: 'Lucky Ltd' }],
    depositMin: 5_000,
    depositMax: 2_000_000,
    withdrawMin: 15_000,
    quickAmounts: [100_000, 5_000, 50_000],
    sns: [{ name: 'Line', id: 'lucky7', link: 'https://line.me/lucky7' }],
    ...over,
  });
  const row = () => s.app.db.selectFrom('site').select(['languages', 'options']).where('id', '=', 'lucky').executeTakeFirstOrThrow();
  const siteInfo = async () => (await postJson<{ languages: string[] }>(s, commonCalls.site.path, { prefix: 'lucky' })).data!;
  const siteOption = async () => (await site.post<Record<string, unknown>>(commonCalls.siteOption.path)).data!;
  const audits = () => s.app.db.selectFrom('platform_audit').select(['action', 'detail']).where('action', '=', 'site.settings').orderBy('seq').execute();

  beforeAll(async () => {
    s = await startTestServer();
    owner = await platformOwner(s);
    site = await openedSite(s, owner, 'lucky');
    expect(site.loginCode).toBe('0');
    // an option the settings do not own, which an edit keeps
    await s.app.db
      .updateTable('site')
      .set({ options: JSON.stringify({ ...(await row()).options, signupApproval: true }) })
      .where('id', '=', 'lucky')
      .execute();
    await s.app.sites.changed('lucky');
  }, 600_000);
  afterAll(async () => {
    await s?.close();
  });

  it('answers the settings as opened in the site detail', async () => {
    const detail = await postJson(s, platformOpsCalls.site.path, { prefix: 'lucky' }, { token: owner });
    expect(detail.data.settings).toMatchObject({
      languages: ['ko', 'en'],
      defaultLanguage: 'ko',
      cashDecimal: 1,
      depositMin: 10_000,
      depositMax: 5_000_000,
      withdrawMin: 20_000,
      depositAccounts: [{ bank: 'KB', accountNo: '123-456-7890', holder: '럭키' }],
      sns: [{ name: 'Telegram', id: '@lucky', link: 'https://t.me/lucky' }],
    });
    // read once, so the caches hold the old row
    expect((await siteInfo()).languages).toEqual(['ko', 'en']);
    expect(await siteOption()).toMatchObject({ depositMin: 10_000, sns1: 'Telegram' });
  });

  it('changes languages, limits, deposit account and SNS: the site answers the new ones at once, audited with before and after', async () => {
    expect((await postJson(s, ps.settings.path, settings(), { token: owner })).resultCode).toBe('0');
    expect((await siteInfo()).languages).toEqual(['en', 'ko']);
    const option = await siteOption();
    expect(option).toMatchObject({
      cashDecimal: 1,
      depositMin: 5_000,
      depositMax: 2_000_000,
      withdrawMin: 15_000,
      sns1: 'Line',
      sns1Id: 'lucky7',
      sns1Link: 'https://line.me/lucky7',
    });
    const { options } = await row();
    expect(options).toMatchObject({ defaultLanguage: 'en', quickAmounts: [5_000, 50_000, 100_000], signupApproval: true });
    const detail = await postJson(s, platformOpsCalls.site.path, { prefix: 'lucky' }, { token: owner });
    expect(detail.data.settings.depositAccounts).toEqual([{ bank: 'Shinhan', accountNo: '110-222-333444', holder: 'Lucky Ltd' }]);

    const [audit] = await audits();
    expect(audit!.detail).toMatchObject({
      prefix: 'lucky',
      before: { languages: ['ko', 'en'], depositMin: 10_000, depositAccounts: [{ accountNo: '123-456-7890' }] },
      after: { languages: ['en', 'ko'], defaultLanguage: 'en', depositMin: 5_000, depositAccounts: [{ accountNo: '110-222-333444' }] },
    });
  });

  it("the operator's deposit-account check follows at once; an emptied SNS slot is gone", async () => {
    const depositDone = async () => (await site.post(adminCalls.firstDay.path, {}, site.login!.token)).data.items.find((i: { key: string }) => i.key === 'depositAccount').done;
    expect(await depositDone()).toBe(true);
    expect((await postJson(s, ps.settings.path, settings({ depositAccounts: [], sns: [] }), { token: owner })).resultCode).toBe('0');
    expect(await depositDone()).toBe(false);
    const option = await siteOption();
    expect(option.sns1).toBeUndefined();
    expect(option.sns1Link).toBeUndefined();
    expect((await postJson(s, ps.settings.path, settings(), { token: owner })).resultCode).toBe('0');
    expect(await depositDone()).toBe(true);
  });

  it("refuses bad input with the open form's codes and changes nothing", async () => {
    const before = await row();
    const count = (await audits()).length;
    const bad: [Partial<SiteSettingsForm>, string][] = [
      [{ languages: ['ko'], defaultLanguage: 'en' }, 'PF024'],
      [{ languages: [] }, 'PF024'],
      [{ depositMin: 3_000_000 }, 'PF026'],
      [{ quickAmounts: [9_000_000] }, 'PF026'],
      [{ depositAccounts: [{ bank: 'KB', accountNo: 'abc', holder: 'x' }] }, 'PF027'],
      [{ sns: [{ name: 'X', id: '', link: 'javascript:alert(1)' }] }, 'PF028'],
    ];
    for (const [over, code] of bad) expect((await postJson(s, ps.settings.path, settings(over), { token: owner })).resultCode).toBe(code);
    expect((await postJson(s, ps.settings.path, settings({ prefix: 'nosuch' }), { token: owner })).resultCode).toBe('S404');
    expect(await row()).toEqual(before);
    expect((await audits()).length).toBe(count);
  });

  it('refuses a call without a console session, and a site key or player-side token is no session', async () => {
    const before = await row();
    const none = await postJson(s, ps.settings.path, settings({ languages: ['vn'], defaultLanguage: 'vn' }));
    expect(none.resultCode).toBe('TK001');
    const operator = await postJson(s, ps.settings.path, settings({ languages: ['vn'], defaultLanguage: 'vn' }), { token: site.login!.token, siteKey: site.apiKey });
    expect(operator.resultCode).toBe('TK002');
    expect(await row()).toEqual(before);
  });
});
